import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ByteSource } from '../../../lib/byte-source';

/**
 * A PDF as LinkedIn's Documents API needs to know it: the `%PDF-` header (ISO 32000-1, 7.5.2) and
 * its page count: the largest `/Count` of a `/Type /Pages` node (the root's), else the number of
 * `/Type /Page` objects. Those dictionaries are looked for in the file's text and, when the text
 * holds no page tree, in its compressed object streams (ISO 32000-1, 7.5.7), inflated within fixed
 * bounds. `pages` is undefined (unknown) when neither says (docs/decisions/153-media-streaming.md).
 */

export type PdfProbe = { ok: true; pages: number | undefined } | { ok: false };

/**
 * The gap between `/Type /Pages` and `/Count` inside one dictionary is bounded, so a file of
 * repeated tokens costs linear time, not quadratic (a 1 MB crafted file once took 30 s).
 * Scanned in windows so a 100 MB file is never one string; the overlap keeps a token cut at a window's edge. */
const WINDOW = 1024 * 1024;
const OVERLAP = 256;
const PAGES_COUNT = /\/Type\s*\/Pages\b[^>]{0,512}?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]{0,512}?\/Type\s*\/Pages\b/g;
const PAGE = /\/Type\s*\/Page(?![a-zA-Z])/g;
const OBJECT_STREAM = /\/Type\s*\/ObjStm\b/g;

/** Bounds on inflating object streams: a file of many or huge (or zip-bomb) streams costs at most this much. */
export const PDF_OBJECT_STREAM_LIMITS = {
  streams: 64,
  /** Compressed bytes read from one stream. */
  streamBytes: 8 * 1024 * 1024,
  /** Inflated bytes from one stream. */
  inflatedBytes: 8 * 1024 * 1024,
  /** Inflated bytes from all of them. */
  totalInflatedBytes: 32 * 1024 * 1024,
};
/** How far around `/Type /ObjStm` its dictionary and the `stream` keyword are looked for. */
const DICTIONARY_BEFORE = 1024;
const DICTIONARY_AFTER = 4096;

const inflate = promisify(zlib.inflate);

interface Tally {
  rootCount: number;
  pageObjects: number;
}

/** Counts the page tree's tokens in `text`, only matches starting before `limit` (the overlap belongs to the next window). */
function tally(text: string, limit: number, into: Tally): void {
  for (const match of text.matchAll(PAGES_COUNT)) {
    if (match.index < limit) into.rootCount = Math.max(into.rootCount, Number(match[1] ?? match[2]));
  }
  for (const match of text.matchAll(PAGE)) if (match.index < limit) into.pageObjects += 1;
}

/** The decoded contents of the object stream whose `/Type /ObjStm` is at `at`, or undefined when it cannot be read within bounds. */
async function objectStream(file: ByteSource, at: number, maxOutputLength: number): Promise<Buffer | undefined> {
  const from = Math.max(0, at - DICTIONARY_BEFORE);
  const text = (await file.read(from, DICTIONARY_BEFORE + DICTIONARY_AFTER)).toString('latin1');
  const relative = at - from;
  const keyword = /stream(\r\n|\n|\r)/.exec(text.slice(relative));
  if (!keyword) return undefined;
  const dictionary = text.slice(Math.max(0, text.lastIndexOf(' obj', relative)), relative + keyword.index);
  // Only Flate without a predictor, the only form writers use for object streams.
  if (!/\/Filter\s*(\[\s*)?\/FlateDecode\s*\]?/.test(dictionary) || /\/Predictor/.test(dictionary)) return undefined;
  const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
  const length = Math.min(direct ? Number(direct[1]) : Infinity, PDF_OBJECT_STREAM_LIMITS.streamBytes);
  const compressed = await file.read(from + relative + keyword.index + keyword[0].length, length);
  try {
    return await inflate(compressed, {
      maxOutputLength,
      // A length we had to guess may cut the stream short, or run past it: both read what is there.
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
  } catch {
    return undefined;
  }
}

export async function probePdf(file: ByteSource): Promise<PdfProbe> {
  // The header may follow a little junk (some writers add bytes before it); readers look in the first kilobyte.
  const header = (await file.read(0, 1024)).indexOf('%PDF-');
  if (header < 0) return { ok: false };
  const found: Tally = { rootCount: 0, pageObjects: 0 };
  const objectStreams: number[] = [];
  for (let from = header; from < file.size; from += WINDOW) {
    const text = (await file.read(from, WINDOW + OVERLAP)).toString('latin1');
    const limit = Math.min(WINDOW, file.size - from);
    tally(text, limit, found);
    for (const match of text.matchAll(OBJECT_STREAM)) {
      if (match.index < limit && objectStreams.length < PDF_OBJECT_STREAM_LIMITS.streams) objectStreams.push(from + match.index);
    }
  }
  // A PDF 1.5 writer may keep every dictionary, the page tree's too, in compressed object streams.
  if (!found.rootCount) {
    let budget = PDF_OBJECT_STREAM_LIMITS.totalInflatedBytes;
    for (const at of objectStreams) {
      if (budget <= 0) break;
      const allowed = Math.min(PDF_OBJECT_STREAM_LIMITS.inflatedBytes, budget);
      const contents = await objectStream(file, at, allowed);
      // A stream that could not be read within its bound still cost that much work.
      budget -= contents?.length ?? allowed;
      if (contents) tally(contents.toString('latin1'), contents.length, found);
    }
  }
  const pages = found.rootCount || found.pageObjects;
  return { ok: true, pages: pages > 0 ? pages : undefined };
}
