import sharp from 'sharp';
import { expect } from 'vitest';
import { multipart } from './multipart';
import type { TestSession } from './session';
import type { TestApp } from './test-app';

/** Uploads a small square PNG of `color` as `who` (POST /api/v1/media), named after the color; answers its id. */
export async function uploadSquare(t: TestApp, who: TestSession, color: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: color } })
    .png()
    .toBuffer();
  const body = multipart([{ name: 'media', value: png, filename: `${color.slice(1)}.png`, type: 'image/png' }]);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/v1/media',
    payload: body.payload,
    headers: { ...who.headers, ...body.headers },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return (answer.json() as { id: string }).id;
}
