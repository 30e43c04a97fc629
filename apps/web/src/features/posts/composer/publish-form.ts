import type { postsRoutes, Network, RouteBody } from '@postflow/contract';

export type PublishData = RouteBody<typeof postsRoutes.publish>;

/** docs/product.md, Composer · Publish call: multipart with a JSON part 'data' and an optional part 'image'. */
export function publishForm(data: PublishData, image: File | null): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  if (image) form.append('image', image, image.name);
  return form;
}

/** Each chosen network's text: the Enhance step's version, or the original when that step was skipped. */
export function textsFor(
  platforms: readonly Network[],
  original: string,
  enhanced: Partial<Record<Network, string>> | null,
): Record<string, string> {
  return Object.fromEntries(platforms.map((platform) => [platform, enhanced ? (enhanced[platform] ?? original) : original]));
}
