import type { ByteSource } from '../../../lib/byte-source';

/**
 * A PowerPoint (OOXML) file: a zip whose central directory names `ppt/presentation.xml`
 * (ECMA-376 part 2; the zip layout per PKWARE's APPNOTE 4.3.12 and 4.3.16). Its slide count is the
 * number of `ppt/slides/slideN.xml` entries. Reads the end record and the directory only, never inflates.
 */

export type PptxProbe = { ok: true; slides: number } | { ok: false };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;
/** The end record: 22 bytes plus a comment of up to 65,535 bytes, at the very end. */
const END_RECORD_MAX = 22 + 65_535;
/** A presentation's directory names a few hundred parts; a bigger one is not read into memory. */
const MAX_DIRECTORY_BYTES = 16 * 1024 * 1024;

async function centralDirectory(file: ByteSource): Promise<{ offset: number; size: number; entries: number } | undefined> {
  const tailStart = Math.max(0, file.size - END_RECORD_MAX);
  const tail = await file.read(tailStart, file.size - tailStart);
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY)
      return { entries: tail.readUInt16LE(at + 10), size: tail.readUInt32LE(at + 12), offset: tail.readUInt32LE(at + 16) };
  }
  return undefined;
}

export async function probePptx(file: ByteSource): Promise<PptxProbe> {
  const head = await file.read(0, 4);
  if (file.size < 30 || head.length < 4 || head.readUInt32LE(0) !== LOCAL_HEADER) return { ok: false };
  const directory = await centralDirectory(file);
  if (!directory || directory.size > MAX_DIRECTORY_BYTES || directory.offset + directory.size > file.size) return { ok: false };
  const bytes = await file.read(directory.offset, directory.size);
  let presentation = false;
  let slides = 0;
  let at = 0;
  for (let index = 0; index < directory.entries; index += 1) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_ENTRY) return { ok: false };
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'ppt/presentation.xml') presentation = true;
    if (/^ppt\/slides\/slide\d+\.xml$/.test(name)) slides += 1;
    at += 46 + nameLength + extraLength + commentLength;
  }
  return presentation ? { ok: true, slides } : { ok: false };
}
