/**
 * Sutherland–Hodgman clipping of a ring against one linear boundary: keeps the part where
 * `distance(p) ≤ 0`, adding the crossing points (every coordinate interpolated linearly). `distance`
 * must be linear over the ring's plane, which makes the result exact; clipping a strip or a convex
 * region is a clip per boundary. Each crossing is computed from the edge's ends taken in one fixed order,
 * so two rings that share an edge get the very same crossing point on it.
 */
export function clipRing<T extends readonly number[]>(ring: readonly T[], distance: (point: T) => number): T[] {
  const out: T[] = [];
  for (let i = 0; i < ring.length; i++) {
    const current = ring[i];
    const previous = ring[(i + ring.length - 1) % ring.length];
    const dc = distance(current);
    const dp = distance(previous);
    if (dc <= 0 !== dp <= 0) {
      const [from, to, dFrom, dTo] = before(previous, current) ? [previous, current, dp, dc] : [current, previous, dc, dp];
      const t = dFrom / (dFrom - dTo);
      out.push(from.map((value, k) => value + (to[k] - value) * t) as unknown as T);
    }
    if (dc <= 0) out.push(current);
  }
  return out;
}

/** Lexicographic order of two points. */
function before(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] < b[k];
  return false;
}
