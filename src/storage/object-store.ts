/** Where finished models are kept and from where partners download them. */
export interface ObjectStore {
  /** Stores bytes under a key (`models/<id>/<name>.glb`); an existing object is replaced. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The bytes stored under a key, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** The public download address of a key. */
  publicUrl(key: string): string;
  /** Throws when the store cannot be written (health check). */
  check(): Promise<void>;
  /** What kind of store this is, for logs and the health check. */
  readonly kind: 'local' | 's3';
}

/** Keys are made by the service, never by requests; this guards against a path escaping the store anyway. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid object key: ${key}`);
  }
}
