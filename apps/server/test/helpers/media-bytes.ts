import { deflateSync } from 'node:zlib';

/**
 * Small media files built in the test, box by box, so no binary fixture is checked in: MP4s
 * (ISO BMFF), PDFs and PPTX zips with just the structures the probes read.
 */

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
const zeros = (count: number) => Buffer.alloc(count);

function track(handler: 'vide' | 'soun', codec: string, width: number, height: number) {
  // tkhd version 0: 76 bytes before the 16.16 width and height.
  const tkhd = box('tkhd', zeros(76), u32(width << 16), u32(height << 16));
  const hdlr = box('hdlr', zeros(8), Buffer.from(handler, 'latin1'), zeros(12), Buffer.from('handler\0', 'latin1'));
  const stsd = box('stsd', zeros(4), u32(1), box(codec, zeros(78)));
  return box('trak', tkhd, box('mdia', hdlr, box('minf', box('stbl', stsd))));
}

export interface Mp4Options {
  brand?: string;
  /** Four-character codes, run together. */
  compatibleBrands?: string;
  durationMs?: number;
  /** The video track's codec; null for a file with no video track. */
  videoCodec?: string | null;
  audio?: boolean;
  width?: number;
  height?: number;
  /** Bytes of media data (`mdat`) to pad the file with. */
  mdatBytes?: number;
  /** The movie box after the media data, as many encoders write it (the probe must look past the data). */
  moovAtEnd?: boolean;
  /** A fragmented file's whole length in `mvex/mehd` (with `durationMs: 0` in `mvhd`, as such files often have). */
  fragmentDurationMs?: number;
}

export function mp4Bytes(options: Mp4Options = {}): Buffer {
  const timescale = 1000;
  const ftyp = box(
    'ftyp',
    Buffer.from(options.brand ?? 'isom', 'latin1'),
    u32(512),
    Buffer.from(options.compatibleBrands ?? 'isomavc1mp41', 'latin1'),
  );
  // mvhd version 0: version and flags, creation, modification, timescale, duration, then the rest.
  const mvhd = box('mvhd', zeros(12), u32(timescale), u32(options.durationMs ?? 10_000), zeros(80));
  const tracks = [
    ...(options.videoCodec === null ? [] : [track('vide', options.videoCodec ?? 'avc1', options.width ?? 1280, options.height ?? 720)]),
    ...(options.audio === false ? [] : [track('soun', 'mp4a', 0, 0)]),
  ];
  const mvex = options.fragmentDurationMs === undefined ? [] : [box('mvex', box('mehd', zeros(4), u32(options.fragmentDurationMs)))];
  const moov = box('moov', mvhd, ...tracks, ...mvex);
  const mdat = box('mdat', zeros(options.mdatBytes ?? 64));
  return Buffer.concat(options.moovAtEnd ? [ftyp, mdat, moov] : [ftyp, moov, mdat]);
}

/** A minimal PDF with `pages` page objects under one root Pages node. */
export function pdfBytes(pages = 3): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    `2 0 obj << /Type /Pages /Kids [${kids}] /Count ${pages} >> endobj`,
    ...Array.from({ length: pages }, (_, index) => `${index + 3} 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj`),
  ];
  return Buffer.from(`%PDF-1.7\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/**
 * A PDF 1.5 whose page tree lives only in a Flate-compressed object stream, as many writers save it.
 * `indirectLength` names the stream's length by reference (`/Length 9 0 R`), so a reader cannot know it up front.
 */
export function pdfWithObjectStreamBytes(pages = 3, options: { indirectLength?: boolean } = {}): Buffer {
  const kids = Array.from({ length: pages }, (_, index) => `${index + 3} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'),
  ];
  const numbers = objects.map((_, index) => `${index + 1} 0`).join(' ');
  const contents = deflateSync(Buffer.from(`${numbers}\n${objects.join('\n')}`, 'latin1'));
  const streamNumber = objects.length + 1;
  const length = options.indirectLength ? `${streamNumber + 1} 0 R` : String(contents.length);
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.5\n${streamNumber} 0 obj\n<< /Type /ObjStm /N ${objects.length} /First ${numbers.length + 1} /Filter /FlateDecode /Length ${length} >>\nstream\n`,
      'latin1',
    ),
    contents,
    Buffer.from(`\nendstream\nendobj\n${streamNumber + 1} 0 obj ${contents.length} endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1'),
  ]);
}

/** A stored (uncompressed) zip holding `names`, each with a few bytes, as a PPTX is laid out. */
export function zipBytes(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const file = Buffer.from('<x/>');
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(file.length, 18);
    local.writeUInt32LE(file.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(file.length, 20);
    central.writeUInt32LE(file.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, file);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + file.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const pptxBytes = (slides = 2) =>
  zipBytes([
    '[Content_Types].xml',
    'ppt/presentation.xml',
    ...Array.from({ length: slides }, (_, index) => `ppt/slides/slide${index + 1}.xml`),
  ]);
