import { MEDIA_LIMITS } from '@postflow/contract';
import { describe, expect, it } from 'vitest';
import { checkAttachments, type AttachedFile } from './media-rules';

const video = (overrides: Partial<AttachedFile> = {}): AttachedFile => ({
  fileName: 'clip.mp4',
  kind: 'video',
  mimeType: 'video/mp4',
  byteSize: 1024,
  durationMs: 30_000,
  videoCodec: 'avc1',
  ...overrides,
});
const gif: AttachedFile = { fileName: 'fun.gif', kind: 'image', mimeType: 'image/gif', byteSize: 1024, durationMs: null, videoCodec: null };
const png: AttachedFile = { ...gif, fileName: 'still.png', mimeType: 'image/png' };

describe('the media rules of a post', () => {
  it('take a video every chosen network takes', () => {
    expect(() => checkAttachments(['x', 'linkedin'], [video()], [], undefined)).not.toThrow();
  });

  it('refuse a video too big for a network, naming the file and the limit', () => {
    const big = video({ byteSize: MEDIA_LIMITS.linkedin.videoBytes + 1 });
    expect(() => checkAttachments(['linkedin'], [big], [], undefined)).toThrow(/clip\.mp4 is 500 MB; LinkedIn takes videos up to 500 MB/);
  });

  it('refuse a video too short for LinkedIn but not for X', () => {
    const short = video({ durationMs: 1_500 });
    expect(() => checkAttachments(['x'], [short], [], undefined)).not.toThrow();
    expect(() => checkAttachments(['linkedin'], [short], [], undefined)).toThrow(
      /clip\.mp4 is 1\.5 s; LinkedIn takes videos of at least 3 s/,
    );
  });

  it('take a GIF alone on X, not with other images', () => {
    expect(() => checkAttachments(['x'], [gif], [], undefined)).not.toThrow();
    expect(() => checkAttachments(['x'], [gif, png], [], undefined)).toThrow(/X takes a GIF on its own/);
    expect(() => checkAttachments(['linkedin'], [gif, png], [], undefined)).not.toThrow();
  });

  it('refuse more alt texts than files', () => {
    expect(() => checkAttachments(['x'], [png], ['one', 'two'], undefined)).toThrow(/2 alt texts for 1 attached files/);
  });
});
