/**
 * A PowerPoint (OOXML) file: a zip whose central directory names `ppt/presentation.xml`
 * (ECMA-376 part 2; the zip layout per PKWARE's APPNOTE 4.3.12 and 4.3.16). Its slide count is the
 * number of `ppt/slides/slideN.xml` entries. Reads the directory only, never inflates. Pure.
 */

export type PptxProbe = { ok: true; slides: number } | { ok: false };

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_ENTRY = 0x02014b50;
const END_OF_DIRECTORY = 0x06054b50;

function centralDirectory(bytes: Buffer): { offset: number; entries: number } | undefined {
  // The end record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const earliest = Math.max(0, bytes.length - 22 - 65_535);
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return { entries: bytes.readUInt16LE(at + 10), offset: bytes.readUInt32LE(at + 16) };
  }
  return undefined;
}

export function probePptx(bytes: Buffer): PptxProbe {
  if (bytes.length < 30 || bytes.readUInt32LE(0) !== LOCAL_HEADER) return { ok: false };
  const directory = centralDirectory(bytes);
  if (!directory) return { ok: false };
  let presentation = false;
  let slides = 0;
  let at = directory.offset;
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
