/**
 * Sutherland–Hodgman clipping of a ring against one linear boundary: keeps the part where
 * `distance(p) ≤ 0`, adding the crossing points (every coordinate interpolated linearly). `distance`
 * must be linear over the ring's plane, which makes the result exact; clipping a strip or a convex
 * region is a clip per boundary.
 */
export function clipRing<T extends readonly number[]>(ring: readonly T[], distance: (point: T) => number): T[] {
  const out: T[] = [];
  for (let i = 0; i < ring.length; i++) {
    const current = ring[i];
    const previous = ring[(i + ring.length - 1) % ring.length];
    const dc = distance(current);
    const dp = distance(previous);
    if (dc <= 0 !== dp <= 0) {
      const t = dp / (dp - dc);
      out.push(previous.map((value, k) => value + (current[k] - value) * t) as unknown as T);
    }
    if (dc <= 0) out.push(current);
  }
  return out;
}
