/**
 * Reads what the networks check in an MP4 from its ISO BMFF boxes (ISO/IEC 14496-12): the `ftyp`
 * brand, the movie's duration (`moov/mvhd`), and each track's handler and first sample entry
 * (`trak/mdia/hdlr`, `trak/mdia/minf/stbl/stsd`). Pure: bytes in, facts or a reason out
 * (docs/decisions/147-media-app.md).
 */

export interface Mp4Facts {
  brand: string;
  durationMs: number;
  /** The first video track: its codec four-character code (avc1, hvc1, …) and display size. */
  video: { codec: string; width: number; height: number } | undefined;
  audioCodec: string | undefined;
}

export type Mp4Probe = { ok: true; facts: Mp4Facts } | { ok: false; reason: 'not_mp4' | 'quicktime' | 'no_movie' | 'damaged' };

/** Brands of the MP4 family (ISO base media, MPEG-4, H.264 profiles, Apple's M4V); QuickTime's `qt  ` is a different container. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4A ',
  'dash',
  'MSNV',
  'mmp4',
]);

interface Box {
  type: string;
  /** Where the payload starts and ends (after the header). */
  start: number;
  end: number;
}

function* boxes(bytes: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw new RangeError('truncated box');
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw new RangeError('box runs past its parent');
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

const child = (bytes: Buffer, parent: Box, type: string) => {
  for (const box of boxes(bytes, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
};

function movieDurationMs(bytes: Buffer, mvhd: Box): number {
  const version = bytes.readUInt8(mvhd.start);
  const timescale = bytes.readUInt32BE(mvhd.start + (version === 1 ? 20 : 12));
  const duration = version === 1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
  if (!timescale) throw new RangeError('no timescale');
  return Math.round((duration * 1000) / timescale);
}

function trackSize(bytes: Buffer, tkhd: Box | undefined): { width: number; height: number } {
  if (!tkhd) return { width: 0, height: 0 };
  // Width and height are 16.16 fixed point after the matrix; version 1 has 12 more bytes of 64-bit times.
  const at = tkhd.start + (bytes.readUInt8(tkhd.start) === 1 ? 88 : 76);
  if (at + 8 > tkhd.end) return { width: 0, height: 0 };
  return { width: bytes.readUInt32BE(at) >>> 16, height: bytes.readUInt32BE(at + 4) >>> 16 };
}

function sampleEntry(bytes: Buffer, mdia: Box): string | undefined {
  const minf = child(bytes, mdia, 'minf');
  const stbl = minf && child(bytes, minf, 'stbl');
  const stsd = stbl && child(bytes, stbl, 'stsd');
  // stsd: version and flags (4), entry count (4), then sample entries, each a box named by its codec.
  if (!stsd || stsd.start + 16 > stsd.end) return undefined;
  return bytes.toString('latin1', stsd.start + 12, stsd.start + 16);
}

/** More compatible brands than any writer lists; the rest of an oversized ftyp is not read. */
const MAX_COMPATIBLE_BRANDS = 64;

export function probeMp4(bytes: Buffer): Mp4Probe {
  if (bytes.length < 12 || bytes.toString('latin1', 4, 8) !== 'ftyp') return { ok: false, reason: 'not_mp4' };
  try {
    let brand = '';
    let mp4 = false;
    let moov: Box | undefined;
    for (const box of boxes(bytes, 0, bytes.length)) {
      if (box.type === 'ftyp') {
        brand = bytes.toString('latin1', box.start, box.start + 4);
        // Major brand, minor version (4), then the compatible brands.
        // A real ftyp lists a handful of brands; a box claiming the whole file must not cost a string per 4 bytes.
        mp4 = MP4_BRANDS.has(brand);
        const lastBrand = Math.min(box.end, box.start + 8 + 4 * MAX_COMPATIBLE_BRANDS);
        for (let at = box.start + 8; !mp4 && at + 4 <= lastBrand; at += 4) mp4 = MP4_BRANDS.has(bytes.toString('latin1', at, at + 4));
      } else if (box.type === 'moov') {
        moov = box;
      }
    }
    if (!mp4) return { ok: false, reason: brand === 'qt  ' ? 'quicktime' : 'not_mp4' };
    const mvhd = moov && child(bytes, moov, 'mvhd');
    if (!moov || !mvhd) return { ok: false, reason: 'no_movie' };
    let video: Mp4Facts['video'];
    let audioCodec: string | undefined;
    for (const trak of boxes(bytes, moov.start, moov.end)) {
      if (trak.type !== 'trak') continue;
      const mdia = child(bytes, trak, 'mdia');
      const hdlr = mdia && child(bytes, mdia, 'hdlr');
      if (!mdia || !hdlr) continue;
      // hdlr: version and flags (4), pre_defined (4), handler type.
      const handler = bytes.toString('latin1', hdlr.start + 8, hdlr.start + 12);
      const codec = sampleEntry(bytes, mdia);
      if (handler === 'vide' && !video && codec) video = { codec, ...trackSize(bytes, child(bytes, trak, 'tkhd')) };
      if (handler === 'soun' && !audioCodec) audioCodec = codec;
    }
    return { ok: true, facts: { brand, durationMs: movieDurationMs(bytes, mvhd), video, audioCodec } };
  } catch {
    return { ok: false, reason: 'damaged' };
  }
}

/** H.264 sample entries: the only video codec both networks document for uploads (docs/networks.md, media limits). */
export const isH264 = (codec: string) => codec === 'avc1' || codec === 'avc3';
