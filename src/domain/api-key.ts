import { createHash, randomBytes } from 'node:crypto';

/** Every key starts with this, so that leaked keys are recognisable by secret scanners and people. */
export const API_KEY_PREFIX = 'spk_';
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

/** A newly made key: the secret is shown once; only the hash and the display prefix are stored. */
export interface NewApiKey {
  secret: string;
  hash: string;
  displayPrefix: string;
}

/** Makes a key from 32 random bytes (256 bits), base64url encoded. */
export function generateApiKey(random: (size: number) => Buffer = randomBytes): NewApiKey {
  const secret = API_KEY_PREFIX + random(32).toString('base64url');
  return { secret, hash: hashApiKey(secret), displayPrefix: secret.slice(0, DISPLAY_PREFIX_LENGTH) };
}

/** SHA-256 of a key, hex; keys are high-entropy, so a fast hash is safe and lets lookups use an index. */
export function hashApiKey(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
