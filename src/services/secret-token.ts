import { createHash, randomBytes } from 'node:crypto';

/** A new secret for a cookie or a link: 256 random bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, so a copy of the database opens nothing. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
