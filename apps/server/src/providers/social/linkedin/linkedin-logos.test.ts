import { describe, expect, it } from 'vitest';
import { logoImageUrn, readLogoUrls } from './linkedin-logos';

const API = 'https://api.linkedin.com';
const answer = (status: number, body: unknown) => ({ status, headers: new Headers(), text: JSON.stringify(body) });

describe('page logos (docs/networks.md, LinkedIn · Page logos)', () => {
  it('names the cropped logo as an image of the Images API, whichever media urn logoV2 gives', () => {
    expect(logoImageUrn({ original: 'urn:li:digitalmediaAsset:C4D0BAQ1', cropped: 'urn:li:digitalmediaAsset:C4E0BAQ2' })).toBe(
      'urn:li:image:C4E0BAQ2',
    );
    expect(logoImageUrn({ original: 'urn:li:image:C4D0BAQ1' })).toBe('urn:li:image:C4D0BAQ1');
    expect(logoImageUrn({ original: 'https://example.com/logo.png' })).toBeUndefined();
    expect(logoImageUrn(undefined)).toBeUndefined();
  });

  it('reads the download URLs of available logos in one call, and none when LinkedIn refuses', async () => {
    const asked: string[] = [];
    const urls = await readLogoUrls(
      async (path) => {
        asked.push(path);
        return answer(200, {
          results: {
            'urn:li:image:A': { status: 'AVAILABLE', downloadUrl: 'https://media.licdn.com/a.png' },
            'urn:li:image:B': { status: 'PROCESSING' },
          },
        });
      },
      ['urn:li:image:A', 'urn:li:image:B', 'urn:li:image:A'],
      API,
    );
    expect(asked).toEqual(['/rest/images?ids=List(urn%3Ali%3Aimage%3AA,urn%3Ali%3Aimage%3AB)']);
    expect([...urls]).toEqual([['urn:li:image:A', 'https://media.licdn.com/a.png']]);

    expect(
      (await readLogoUrls(async () => answer(403, { status: 403, message: 'Not enough permissions' }), ['urn:li:image:A'], API)).size,
    ).toBe(0);
    expect((await readLogoUrls(async () => answer(200, { unexpected: true }), ['urn:li:image:A'], API)).size).toBe(0);
  });

  it("keeps only https addresses, or the API origin's own (the sandbox), so no page shows a picture from just anywhere", async () => {
    const images = {
      'urn:li:image:A': { status: 'AVAILABLE', downloadUrl: 'http://media.example.net/a.png' },
      'urn:li:image:B': { status: 'AVAILABLE', downloadUrl: 'javascript:alert(1)' },
      'urn:li:image:C': { status: 'AVAILABLE', downloadUrl: '//media.licdn.com/c.png' },
      'urn:li:image:D': { status: 'AVAILABLE', downloadUrl: 'https://media.licdn.com/d.png' },
      'urn:li:image:E': { status: 'AVAILABLE', downloadUrl: 'http://127.0.0.1:4721/_sandbox/logos/linkedin/1.svg' },
    };
    const read = (apiOrigin: string) => readLogoUrls(async () => answer(200, { results: images }), Object.keys(images), apiOrigin);
    expect([...(await read(API)).keys()]).toEqual(['urn:li:image:D']);
    expect([...(await read('http://127.0.0.1:4721')).keys()]).toEqual(['urn:li:image:D', 'urn:li:image:E']);
  });
});
