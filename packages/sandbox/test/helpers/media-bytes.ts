/** Tiny files with the right signatures: the sandbox looks at the signature, not the content. */

/** An `ftyp` box (major brand isom) then `size` bytes of padding in a `free` box: enough to pass as an MP4. */
export function tinyMp4(size = 64): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0])]);
  const padding = Math.max(8, size - ftyp.length);
  const free = Buffer.alloc(padding);
  free.writeUInt32BE(padding, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([ftyp, free]);
}

export function tinyPdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}
