/** 'example.com' from a link, without 'www.', as both networks print it under a card; the link itself when it is not one. */
export function domainOf(url: string): string {
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
