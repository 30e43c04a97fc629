export interface MultipartFile {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

export interface MultipartBody {
  kind: 'multipart';
  fields: Record<string, string>;
  files: Record<string, MultipartFile>;
}

export function isMultipartBody(body: unknown): body is MultipartBody {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'multipart';
}

export function boundaryOf(contentType: string): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2]?.trim();
}

/** Small multipart/form-data reader: enough for X's APPEND and one-shot uploads. */
export function parseMultipart(body: Buffer, boundary: string): MultipartBody {
  const result: MultipartBody = { kind: 'multipart', fields: {}, files: {} };
  const delimiter = Buffer.from(`--${boundary}`);
  let position = body.indexOf(delimiter);
  while (position !== -1) {
    position += delimiter.length;
    if (body[position] === 0x2d && body[position + 1] === 0x2d) break;
    if (body[position] === 0x0d && body[position + 1] === 0x0a) position += 2;
    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd === -1) break;
    const headers = body.subarray(position, headerEnd).toString('utf8');
    const next = body.indexOf(delimiter, headerEnd + 4);
    if (next === -1) break;
    let contentEnd = next;
    if (body[contentEnd - 2] === 0x0d && body[contentEnd - 1] === 0x0a) contentEnd -= 2;
    const content = body.subarray(headerEnd + 4, contentEnd);
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const contentType = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    if (name !== undefined) {
      if (filename !== undefined || (contentType && !contentType.startsWith('text/plain'))) {
        result.files[name] = { data: Buffer.from(content), ...(filename ? { filename } : {}), ...(contentType ? { contentType } : {}) };
      } else {
        result.fields[name] = content.toString('utf8');
      }
    }
    position = next;
  }
  return result;
}
