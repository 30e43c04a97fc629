import type { ByteSource } from '../../../lib/byte-source';

/**
 * Reads what the networks check in an MP4 from its ISO BMFF boxes (ISO/IEC 14496-12): the `ftyp`
 * brand, the movie's duration (`moov/mvhd`, or a fragmented file's `moov/mvex/mehd`), and each
 * track's handler and first sample entry (`trak/mdia/hdlr`, `trak/mdia/minf/stbl/stsd`). Only the
 * top-level box headers, `ftyp` and `moov` are read from the file, never the media data
 * (docs/decisions/147-media-app.md, 153-media-streaming.md).
 */

export interface Mp4Facts {
  brand: string;
  /** 0 when the file does not say (an `mvhd` duration of 0 and no `mehd`). */
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

/** The box whose header starts at `at`, inside a parent ending at `to`; `to` may lie past `bytes` when only headers were read. */
function boxAt(bytes: Buffer, at: number, to: number): Box {
  if (at + 8 > bytes.length) throw new RangeError('truncated box');
  let size = bytes.readUInt32BE(at);
  const type = bytes.toString('latin1', at + 4, at + 8);
  let header = 8;
  if (size === 1) {
    if (at + 16 > to || at + 16 > bytes.length) throw new RangeError('truncated box');
    size = Number(bytes.readBigUInt64BE(at + 8));
    header = 16;
  } else if (size === 0) {
    size = to - at;
  }
  if (size < header || at + size > to) throw new RangeError('box runs past its parent');
  return { type, start: at + header, end: at + size };
}

function* boxes(bytes: Buffer, from: number, to: number): Generator<Box> {
  for (let at = from; at + 8 <= to;) {
    const box = boxAt(bytes, at, to);
    yield box;
    at = box.end;
  }
}

const child = (bytes: Buffer, parent: Box, type: string) => {
  for (const box of boxes(bytes, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
};

function timescaleOf(bytes: Buffer, mvhd: Box): number {
  const timescale = bytes.readUInt32BE(mvhd.start + (bytes.readUInt8(mvhd.start) === 1 ? 20 : 12));
  if (!timescale) throw new RangeError('no timescale');
  return timescale;
}

function movieDuration(bytes: Buffer, mvhd: Box): number {
  return bytes.readUInt8(mvhd.start) === 1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
}

/** A fragmented MP4 may leave `mvhd`'s duration at 0 and give the whole length in `mvex/mehd` instead. */
function fragmentedDuration(bytes: Buffer, moov: Box): number {
  const mvex = child(bytes, moov, 'mvex');
  const mehd = mvex && child(bytes, mvex, 'mehd');
  if (!mehd) return 0;
  return bytes.readUInt8(mehd.start) === 1 ? Number(bytes.readBigUInt64BE(mehd.start + 4)) : bytes.readUInt32BE(mehd.start + 4);
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
/** Top-level boxes looked at: a fragmented file has two per fragment; past this many the rest is not walked. */
const MAX_TOP_LEVEL_BOXES = 4_096;
/** A 30-minute video's sample tables take a few MB; a bigger `moov` is not read into memory. */
export const MAX_MOVIE_BOX_BYTES = 64 * 1024 * 1024;
const HEADER_BYTES = 16;

/** The file's top-level boxes, from their headers alone (at most MAX_TOP_LEVEL_BOXES of them). */
async function* topLevelBoxes(file: ByteSource): AsyncGenerator<Box> {
  let at = 0;
  for (let count = 0; at + 8 <= file.size && count < MAX_TOP_LEVEL_BOXES; count += 1) {
    const header = await file.read(at, HEADER_BYTES);
    const box = boxAt(header, 0, file.size - at);
    yield { type: box.type, start: at + box.start, end: at + box.end };
    at += box.end;
  }
}

/** The movie's facts from its `moov` box, read whole into `bytes`. Pure. */
export function readMovie(bytes: Buffer): { durationMs: number; video: Mp4Facts['video']; audioCodec: string | undefined } | undefined {
  const moov: Box = { type: 'moov', start: 0, end: bytes.length };
  const mvhd = child(bytes, moov, 'mvhd');
  if (!mvhd) return undefined;
  const timescale = timescaleOf(bytes, mvhd);
  const duration = movieDuration(bytes, mvhd) || fragmentedDuration(bytes, moov);
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
  return { durationMs: Math.round((duration * 1000) / timescale), video, audioCodec };
}

export async function probeMp4(file: ByteSource): Promise<Mp4Probe> {
  const head = await file.read(0, HEADER_BYTES);
  if (head.length < 12 || head.toString('latin1', 4, 8) !== 'ftyp') return { ok: false, reason: 'not_mp4' };
  try {
    let brand = '';
    let mp4 = false;
    let moov: Box | undefined;
    for await (const box of topLevelBoxes(file)) {
      if (box.type === 'ftyp') {
        // Major brand, minor version (4), then the compatible brands.
        // A real ftyp lists a handful of brands; a box claiming the whole file must not cost a string per 4 bytes.
        const ftyp = await file.read(box.start, Math.min(box.end - box.start, 8 + 4 * MAX_COMPATIBLE_BRANDS));
        brand = ftyp.toString('latin1', 0, 4);
        mp4 = MP4_BRANDS.has(brand);
        for (let at = 8; !mp4 && at + 4 <= ftyp.length; at += 4) mp4 = MP4_BRANDS.has(ftyp.toString('latin1', at, at + 4));
      } else if (box.type === 'moov' && !moov) {
        moov = box;
      }
    }
    if (!mp4) return { ok: false, reason: brand === 'qt  ' ? 'quicktime' : 'not_mp4' };
    if (!moov) return { ok: false, reason: 'no_movie' };
    if (moov.end - moov.start > MAX_MOVIE_BOX_BYTES) return { ok: false, reason: 'damaged' };
    const movie = readMovie(await file.read(moov.start, moov.end - moov.start));
    if (!movie) return { ok: false, reason: 'no_movie' };
    return { ok: true, facts: { brand, ...movie } };
  } catch {
    return { ok: false, reason: 'damaged' };
  }
}

/** H.264 sample entries: the only video codec both networks document for uploads (docs/networks.md, media limits). */
export const isH264 = (codec: string) => codec === 'avc1' || codec === 'avc3';
