/**
 * A mailto link to one address: its two parts percent-encoded, as RFC 6068 asks, so that characters an
 * address may hold (`?`, `&`, `%`) cannot add headers such as a CC to the message the link opens.
 */
export function mailtoLink(email: string): string {
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}
