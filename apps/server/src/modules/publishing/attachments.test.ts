import { describe, expect, it } from 'vitest';
import { bufferSource } from '../../lib/byte-source';
import type { MediaRecord } from '../media/media.repository';
import type { MediaService } from '../media/media.service';
import { largeFileBytes, loadAttachments } from './attachments';
import type { ClaimedTarget } from './targets.repository';

const WORKSPACE = 'w1';

function record(id: string, overrides: Partial<MediaRecord>): MediaRecord {
  return {
    id,
    workspaceId: WORKSPACE,
    storageKey: `${WORKSPACE}/${id}`,
    kind: 'image',
    mimeType: 'image/png',
    byteSize: 3,
    width: 1,
    height: 1,
    fileName: `${id}.png`,
    durationMs: null,
    pages: null,
    videoCodec: null,
    ...overrides,
  };
}

const stored = new Map<string, MediaRecord>([
  ['a', record('a', {})],
  ['b', record('b', { mimeType: 'image/gif' })],
  ['v', record('v', { kind: 'video', mimeType: 'video/mp4', durationMs: 15_000, videoCodec: 'avc1', byteSize: 9 })],
  ['d', record('d', { kind: 'document', mimeType: 'application/pdf', pages: 4, fileName: 'deck.pdf' })],
  ['theirs', record('theirs', { workspaceId: 'w2' })],
]);
const media = {
  read: async (id: string) => {
    const found = stored.get(id);
    return found && { record: found, file: bufferSource(Buffer.from(id.repeat(found.byteSize))) };
  },
} as unknown as MediaService;

const target = (mediaIds: string[], mediaAlts: string[] = [], mediaTitle: string | null = null) =>
  ({ workspaceId: WORKSPACE, mediaIds, mediaAlts, mediaTitle }) as unknown as ClaimedTarget;

describe("a target's attachments for the publish port", () => {
  it('are its images in order, each with its alt text, none for an empty one', async () => {
    const loaded = await loadAttachments(media, target(['b', 'a'], ['A GIF', '']));
    expect(loaded?.media.map((item) => [item.mimeType, item.altText])).toEqual([
      ['image/gif', 'A GIF'],
      ['image/png', undefined],
    ]);
    expect(loaded?.video).toBeUndefined();
  });

  it('are a video with its length, or a document with the title the person gave', async () => {
    const video = await loadAttachments(media, target(['v'], ['A clip']));
    expect(video).toMatchObject({ media: [], video: { mimeType: 'video/mp4', durationMs: 15_000, altText: 'A clip' } });
    expect(largeFileBytes(video!)).toBe(9);
    const document = await loadAttachments(media, target(['d'], [], 'Launch deck'));
    expect(document).toMatchObject({ media: [], document: { mimeType: 'application/pdf', title: 'Launch deck' } });
  });

  it('are missing when a file is gone or belongs to another workspace', async () => {
    expect(await loadAttachments(media, target(['a', 'gone']))).toBeUndefined();
    expect(await loadAttachments(media, target(['theirs']))).toBeUndefined();
  });
});
