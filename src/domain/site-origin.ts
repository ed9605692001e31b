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
  return (url.protocol === 'https:' || url.protocol === 'http:') && HOST_NAME.test(url.hostname) ? url.origin : undefined;
}

/**
 * A host name as DNS has them (letters, digits and hyphens between dots; international names arrive
 * here in their xn-- form) or an IP address: the origin goes into the embed's Content-Security-Policy, where
 * a `;`, a quote or a `*` would add to the policy instead of naming a site.
 */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/;
