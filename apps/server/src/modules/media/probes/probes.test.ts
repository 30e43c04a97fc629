import { describe, expect, it } from 'vitest';
import { mp4Bytes, pdfBytes, pptxBytes, zipBytes } from '../../../../test/helpers/media-bytes';
import { isH264, probeMp4 } from './mp4-probe';
import { probePdf } from './pdf-probe';
import { probePptx } from './pptx-probe';

describe('the MP4 probe', () => {
  it('reads the brand, the duration, the video codec and size, and the audio codec', () => {
    const probe = probeMp4(mp4Bytes({ durationMs: 12_345, width: 1920, height: 1080 }));
    expect(probe).toEqual({
      ok: true,
      facts: { brand: 'isom', durationMs: 12_345, video: { codec: 'avc1', width: 1920, height: 1080 }, audioCodec: 'mp4a' },
    });
  });

  it('tells H.264 from HEVC', () => {
    const hevc = probeMp4(mp4Bytes({ videoCodec: 'hvc1' }));
    expect(hevc.ok && hevc.facts.video?.codec).toBe('hvc1');
    expect(isH264('hvc1')).toBe(false);
    expect(isH264('avc3')).toBe(true);
  });

  it('finds no video in a sound-only file', () => {
    const probe = probeMp4(mp4Bytes({ videoCodec: null }));
    expect(probe.ok && probe.facts.video).toBeUndefined();
  });

  it('refuses QuickTime, files without a movie header, cut-off files and files that are not ISO BMFF', () => {
    expect(probeMp4(mp4Bytes({ brand: 'qt  ', compatibleBrands: 'qt  ' }))).toEqual({ ok: false, reason: 'quicktime' });
    expect(probeMp4(Buffer.from('RIFF....AVI LIST'))).toEqual({ ok: false, reason: 'not_mp4' });
    const whole = mp4Bytes();
    expect(probeMp4(whole.subarray(0, 40))).toEqual({ ok: false, reason: 'damaged' });
    const ftypOnly = whole.subarray(0, whole.readUInt32BE(0));
    expect(probeMp4(ftypOnly)).toEqual({ ok: false, reason: 'no_movie' });
  });
});

describe('the PDF probe', () => {
  it('reads the page count from the root page tree', () => {
    expect(probePdf(pdfBytes(7))).toEqual({ ok: true, pages: 7 });
  });

  it('counts page objects when no Pages node gives a count', () => {
    const text = '%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n2 0 obj << /Type /Page >> endobj\n%%EOF';
    expect(probePdf(Buffer.from(text, 'latin1'))).toEqual({ ok: true, pages: 2 });
  });

  it('refuses a file without the PDF header, whatever its name says', () => {
    expect(probePdf(Buffer.from('Just some notes, not a PDF'))).toEqual({ ok: false });
  });
});

describe('the PPTX probe', () => {
  it('finds the presentation part and counts the slides', () => {
    expect(probePptx(pptxBytes(4))).toEqual({ ok: true, slides: 4 });
  });

  it('refuses a zip that is not a presentation, and a file that is not a zip', () => {
    expect(probePptx(zipBytes(['word/document.xml']))).toEqual({ ok: false });
    expect(probePptx(Buffer.from('PK but not really a zip at all, just text'))).toEqual({ ok: false });
  });
});

/** Files made to hurt the server: each answer must come within the test's time, with no crash. */
describe('the probes on hostile files', () => {
  it('reads an ftyp box that claims the whole of a 128 MB file without listing its "brands"', () => {
    const bytes = Buffer.alloc(128 * 1024 * 1024);
    bytes.write('ftypisom', 4, 'latin1');
    expect(probeMp4(bytes)).toEqual({ ok: false, reason: 'no_movie' });
  });

  it('reads a megabyte of repeated /Count tokens in a PDF in linear time', () => {
    const crafted = Buffer.from(`%PDF-1.4\n${'/Count 1 '.repeat(120_000)}`, 'latin1');
    const pages = Buffer.from(`%PDF-1.4\n${'/Type/Pages '.repeat(90_000)}`, 'latin1');
    expect(probePdf(crafted)).toEqual({ ok: true, pages: undefined });
    expect(probePdf(pages)).toEqual({ ok: true, pages: undefined });
  });
});
