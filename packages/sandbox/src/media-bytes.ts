/**
 * What the sandbox checks of uploaded bytes. It decodes nothing: it looks at the signature a real
 * network's first processing step would reject, so a test can make processing fail with a non-file.
 */

/** An MP4 starts with a box whose type, at bytes 4–7, is `ftyp` (ISO/IEC 14496-12). */
export function looksLikeMp4(head: Buffer): boolean {
  return head.length >= 8 && head.subarray(4, 8).toString('latin1') === 'ftyp';
}

/** PDF (`%PDF-`), PPTX/DOCX (a ZIP: `PK\x03\x04`) or PPT/DOC (an OLE compound file). */
export function looksLikeDocument(head: Buffer): boolean {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return true;
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return true;
  return head.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));
}
