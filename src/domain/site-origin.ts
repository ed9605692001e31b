/**
 * A site origin as browsers send it (`https://example.com`) from an address a person typed, or
 * undefined when it is not an http(s) address.
 */
export function siteOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
}
