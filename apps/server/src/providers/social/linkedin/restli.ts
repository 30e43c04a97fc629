/** Rest.li conventions of LinkedIn's versioned API (docs/networks.md, LinkedIn · Rest.li conventions). */

/** A key in a path or a list: the whole URN is encoded (`urn%3Ali%3Ashare%3A1`). */
export function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** `List(a,b)`: values encoded, the grouping itself literal. */
export function restliList(values: string[]): string {
  return `List(${values.map(encodeKey).join(',')})`;
}

export const personUrn = (memberId: string) => `urn:li:person:${memberId}`;
export const organizationUrn = (organizationId: string) => `urn:li:organization:${organizationId}`;

/** `urn:li:organization:123` → `123` (undefined for any other urn). */
export function organizationIdOf(urn: string): string | undefined {
  return /^urn:li:organization:(\d+)$/.exec(urn)?.[1];
}

/** On the web host (`https://www.linkedin.com`, or the sandbox's `/linkedin`): docs/networks.md, LinkedIn · Creating a post. */
export function linkedInPostUrl(webBaseUrl: string, urn: string): string {
  return `${webBaseUrl}/feed/update/${urn}/`;
}
