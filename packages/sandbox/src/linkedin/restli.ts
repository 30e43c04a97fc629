/**
 * Rest.li 2.0 query decoding (docs/networks.md, LinkedIn · Rest.li conventions): `ids=List(a,b)` and
 * `timeIntervals=(timeRange:(start:1,end:2),timeGranularityType:DAY)` keep their grouping
 * characters literal while values are percent-encoded, so the raw query string is parsed here
 * rather than with URLSearchParams (which would decode %2C into a structural comma).
 */
export type RestliValue = string | RestliValue[] | { [key: string]: RestliValue };

class RestliSyntaxError extends Error {}

function decodePrimitive(raw: string): string {
  if (raw === "''") return '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw new RestliSyntaxError(`Malformed value: ${raw}`);
  }
}

function parseValue(text: string, start: number): [RestliValue, number] {
  if (text.startsWith('List(', start)) {
    let index = start + 5;
    const items: RestliValue[] = [];
    if (text[index] === ')') return [items, index + 1];
    for (;;) {
      const [item, next] = parseValue(text, index);
      items.push(item);
      index = next;
      if (text[index] === ',') index++;
      else if (text[index] === ')') return [items, index + 1];
      else throw new RestliSyntaxError('Unbalanced List(');
    }
  }
  if (text[start] === '(') {
    let index = start + 1;
    const object: Record<string, RestliValue> = {};
    if (text[index] === ')') return [object, index + 1];
    for (;;) {
      const colon = text.indexOf(':', index);
      if (colon < 0) throw new RestliSyntaxError('Expected ":" in object');
      const key = decodePrimitive(text.slice(index, colon));
      const [value, next] = parseValue(text, colon + 1);
      object[key] = value;
      index = next;
      if (text[index] === ',') index++;
      else if (text[index] === ')') return [object, index + 1];
      else throw new RestliSyntaxError('Unbalanced (');
    }
  }
  let end = start;
  while (end < text.length && text[end] !== ',' && text[end] !== ')') end++;
  return [decodePrimitive(text.slice(start, end)), end];
}

export function decodeRestliValue(raw: string): RestliValue {
  // Some clients percent-encode the grouping characters too; undo that once.
  let text = raw;
  if (/^(List%28|%28)/i.test(text)) text = text.replace(/%28/gi, '(').replace(/%29/gi, ')').replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  if (!text.startsWith('List(') && !text.startsWith('(')) return decodePrimitive(text);
  const [value, end] = parseValue(text, 0);
  if (end !== text.length) throw new RestliSyntaxError(`Unexpected characters after position ${end}`);
  return value;
}

export function parseRestliQuery(url: string): { values: Record<string, RestliValue>; error?: string } {
  const queryStart = url.indexOf('?');
  const values: Record<string, RestliValue> = {};
  if (queryStart < 0) return { values };
  for (const pair of url.slice(queryStart + 1).split('&')) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    const key = decodePrimitive(equals < 0 ? pair : pair.slice(0, equals));
    try {
      values[key] = decodeRestliValue(equals < 0 ? '' : pair.slice(equals + 1));
    } catch (error) {
      return { values, error: `Invalid value for query parameter "${key}": ${(error as Error).message}` };
    }
  }
  return { values };
}

export function asString(value: RestliValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asList(value: RestliValue | undefined): RestliValue[] | undefined {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' && value) return value.split(',');
  return undefined;
}

export function asObject(value: RestliValue | undefined): Record<string, RestliValue> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}
