import type { HttpResponse } from '../http/http-client';
import { parseJsonAnswer } from '../http/parse';
import { batchSchema, linkedInImageSchema } from './linkedin-schemas';
import { restliList } from './restli';

/** docs/networks.md, LinkedIn · Page logos: at most this many images in one BATCH_GET, as for posts. */
const IMAGES_PER_CALL = 20;

/**
 * The image urn of a page's logo (`logoV2`), as the Images API names it: the cropped logo LinkedIn shows, else
 * the original. A `urn:li:digitalmediaAsset:` shares its id with its `urn:li:image:` (docs/networks.md, LinkedIn · Page logos).
 */
export function logoImageUrn(logo: { original?: string | undefined; cropped?: string | undefined } | undefined): string | undefined {
  const urn = logo?.cropped ?? logo?.original;
  const id = urn ? /^urn:li:(?:digitalmediaAsset|image):(\S+)$/.exec(urn)?.[1] : undefined;
  return id ? `urn:li:image:${id}` : undefined;
}

/**
 * A download address fit to store as a page's picture: LinkedIn's are `https://media.licdn.com/…`
 * (docs/networks.md, LinkedIn · Page logos). Anything else, a plain `http://` address above all, would be
 * shown to every member of the workspace from wherever it points; only the API's own origin may
 * answer otherwise (the sandbox draws its logos beside its API, over http).
 */
function isLogoAddress(address: string, apiOrigin: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.origin === apiOrigin;
  } catch {
    return false;
  }
}

/**
 * Where each logo can be downloaded, by image urn: `GET /rest/images?ids=List(…)`. A logo is only a picture next
 * to a name, so any refusal, an image still processing or an address that is not https (`isLogoAddress`)
 * leaves that page without one rather than failing the read.
 */
export async function readLogoUrls(
  get: (path: string) => Promise<HttpResponse>,
  urns: readonly string[],
  apiOrigin: string,
): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  const unique = [...new Set(urns)];
  for (let start = 0; start < unique.length; start += IMAGES_PER_CALL) {
    const response = await get(`/rest/images?ids=${restliList(unique.slice(start, start + IMAGES_PER_CALL))}`);
    if (response.status < 200 || response.status > 299) return urls;
    let results: Record<string, { status?: string | undefined; downloadUrl?: string | undefined }>;
    try {
      ({ results } = parseJsonAnswer(batchSchema(linkedInImageSchema), response, { networkName: 'LinkedIn', kind: 'read' }));
    } catch {
      // An answer of another shape costs the logos, not the pages.
      return urls;
    }
    for (const [urn, image] of Object.entries(results)) {
      if ((image.status ?? 'AVAILABLE') === 'AVAILABLE' && image.downloadUrl && isLogoAddress(image.downloadUrl, apiOrigin))
        urls.set(urn, image.downloadUrl);
    }
  }
  return urls;
}
