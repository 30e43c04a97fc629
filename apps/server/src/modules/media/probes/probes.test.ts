import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mp4Bytes, pdfBytes, pdfWithObjectStreamBytes, pptxBytes, zipBytes } from '../../../../test/helpers/media-bytes';
import { bufferSource, type ByteSource } from '../../../lib/byte-source';
import { isH264, probeMp4 } from './mp4-probe';
import { probePdf } from './pdf-probe';
import { probePptx } from './pptx-probe';

const of = (bytes: Buffer) => bufferSource(bytes);

/** A file that counts the bytes read from it: the probes must read what they need, not the whole file. */
function counting(bytes: Buffer): ByteSource & { bytesRead: () => number } {
  const source = bufferSource(bytes);
  let read = 0;
  return {
    size: source.size,
    async read(offset, length) {
      const chunk = await source.read(offset, length);
      read += chunk.length;
      return chunk;
    },
    bytesRead: () => read,
  };
}

describe('the MP4 probe', () => {
  it('reads the brand, the duration, the video codec and size, and the audio codec', async () => {
    const probe = await probeMp4(of(mp4Bytes({ durationMs: 12_345, width: 1920, height: 1080 })));
    expect(probe).toEqual({
      ok: true,
      facts: { brand: 'isom', durationMs: 12_345, video: { codec: 'avc1', width: 1920, height: 1080 }, audioCodec: 'mp4a' },
    });
  });

  it('tells H.264 from HEVC', async () => {
    const hevc = await probeMp4(of(mp4Bytes({ videoCodec: 'hvc1' })));
    expect(hevc.ok && hevc.facts.video?.codec).toBe('hvc1');
    expect(isH264('hvc1')).toBe(false);
    expect(isH264('avc3')).toBe(true);
  });

  it('finds no video in a sound-only file', async () => {
    const probe = await probeMp4(of(mp4Bytes({ videoCodec: null })));
    expect(probe.ok && probe.facts.video).toBeUndefined();
  });

  it('refuses QuickTime, files without a movie header, cut-off files and files that are not ISO BMFF', async () => {
    expect(await probeMp4(of(mp4Bytes({ brand: 'qt  ', compatibleBrands: 'qt  ' })))).toEqual({ ok: false, reason: 'quicktime' });
    expect(await probeMp4(of(Buffer.from('RIFF....AVI LIST')))).toEqual({ ok: false, reason: 'not_mp4' });
    const whole = mp4Bytes();
    expect(await probeMp4(of(whole.subarray(0, 40)))).toEqual({ ok: false, reason: 'damaged' });
    const ftypOnly = whole.subarray(0, whole.readUInt32BE(0));
    expect(await probeMp4(of(ftypOnly))).toEqual({ ok: false, reason: 'no_movie' });
  });

  it('finds the movie box after 64 MB of media data by reading box headers, not the data', async () => {
    const file = counting(mp4Bytes({ durationMs: 42_000, mdatBytes: 64 * 1024 * 1024, moovAtEnd: true }));
    const probe = await probeMp4(file);
    expect(probe.ok && probe.facts.durationMs).toBe(42_000);
    expect(file.bytesRead()).toBeLessThan(4 * 1024);
  });

  it('reads a fragmented file’s length from mvex/mehd when mvhd says 0, and answers 0 when neither says', async () => {
    const fragmented = await probeMp4(of(mp4Bytes({ durationMs: 0, fragmentDurationMs: 15_000 })));
    expect(fragmented.ok && fragmented.facts.durationMs).toBe(15_000);
    const silent = await probeMp4(of(mp4Bytes({ durationMs: 0 })));
    expect(silent.ok && silent.facts.durationMs).toBe(0);
  });
});

describe('the PDF probe', () => {
  it('reads the page count from the root page tree', async () => {
    expect(await probePdf(of(pdfBytes(7)))).toEqual({ ok: true, pages: 7 });
  });

  it('counts page objects when no Pages node gives a count', async () => {
    const text = '%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n2 0 obj << /Type /Page >> endobj\n%%EOF';
    expect(await probePdf(of(Buffer.from(text, 'latin1')))).toEqual({ ok: true, pages: 2 });
  });

  it('reads the page tree from a compressed object stream, whether its length is given or named by reference', async () => {
    expect(await probePdf(of(pdfWithObjectStreamBytes(12)))).toEqual({ ok: true, pages: 12 });
    expect(await probePdf(of(pdfWithObjectStreamBytes(5, { indirectLength: true })))).toEqual({ ok: true, pages: 5 });
  });

  it('says the page count is unknown when an object stream cannot be read (not Flate)', async () => {
    const text = '%PDF-1.5\n1 0 obj << /Type /ObjStm /N 2 /First 8 /Filter /LZWDecode /Length 4 >>\nstream\nabcd\nendstream\nendobj\n%%EOF';
    expect(await probePdf(of(Buffer.from(text, 'latin1')))).toEqual({ ok: true, pages: undefined });
  });

  it('refuses a file without the PDF header, whatever its name says', async () => {
    expect(await probePdf(of(Buffer.from('Just some notes, not a PDF')))).toEqual({ ok: false });
  });
});

describe('the PPTX probe', () => {
  it('finds the presentation part and counts the slides', async () => {
    expect(await probePptx(of(pptxBytes(4)))).toEqual({ ok: true, slides: 4 });
  });

  it('refuses a zip that is not a presentation, and a file that is not a zip', async () => {
    expect(await probePptx(of(zipBytes(['word/document.xml'])))).toEqual({ ok: false });
    expect(await probePptx(of(Buffer.from('PK but not really a zip at all, just text')))).toEqual({ ok: false });
  });
});

/** Files made to hurt the server: each answer must come within the test's time, with no crash. */
describe('the probes on hostile files', () => {
  it('reads an ftyp box that claims the whole of a 128 MB file without listing its "brands"', async () => {
    const bytes = Buffer.alloc(128 * 1024 * 1024);
    bytes.write('ftypisom', 4, 'latin1');
    const file = counting(bytes);
    expect(await probeMp4(file)).toEqual({ ok: false, reason: 'no_movie' });
    expect(file.bytesRead()).toBeLessThan(1024);
  });

  it('reads a megabyte of repeated /Count tokens in a PDF in linear time', async () => {
    const crafted = Buffer.from(`%PDF-1.4\n${'/Count 1 '.repeat(120_000)}`, 'latin1');
    const pages = Buffer.from(`%PDF-1.4\n${'/Type/Pages '.repeat(90_000)}`, 'latin1');
    expect(await probePdf(of(crafted))).toEqual({ ok: true, pages: undefined });
    expect(await probePdf(of(pages))).toEqual({ ok: true, pages: undefined });
  });

  it('inflates no more than its bound from an object stream that expands to 64 MB, and many such streams', async () => {
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const stream = (number: number) =>
      Buffer.concat([
        Buffer.from(`${number} 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`, 'latin1'),
        bomb,
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ]);
    const file = Buffer.concat([
      Buffer.from('%PDF-1.5\n', 'latin1'),
      ...Array.from({ length: 100 }, (_, index) => stream(index + 1)),
      Buffer.from('%%EOF\n'),
    ]);
    const started = performance.now();
    expect(await probePdf(of(file))).toEqual({ ok: true, pages: undefined });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
