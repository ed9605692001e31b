import { centroid } from '../polygon.ts';
import type { Point3 } from '../mesh-builder.ts';
import type { Footprint, Roof, RoofFace, RoofHeights } from './roof-types.ts';

/** Cross-sections (radius fraction, height fraction) from the eaves to the top. */
export const REVOLVED_PROFILES: Record<string, [number, number][]> = {
  pyramidal: [[1, 0], [0, 1]],
  dome: [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => [Math.cos((Math.PI * k) / 16), Math.sin((Math.PI * k) / 16)] as [number, number]),
  'half-dome': [0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => [Math.cos((Math.PI * k) / 16), Math.sin((Math.PI * k) / 16)] as [number, number]),
  onion: [[1, 0], [1.15, 0.2], [1.12, 0.4], [0.75, 0.62], [0.35, 0.8], [0.12, 0.92], [0, 1]],
};

/**
 * A roof made of copies of the outline shrunk towards its centre as they rise (pyramidal, dome, onion):
 * every band between two copies is made of planar trapezoids, so it works on any footprint.
 */
export function revolvedRoof(footprint: Footprint, heights: RoofHeights, shape: string): Roof {
  const profile = REVOLVED_PROFILES[shape] ?? REVOLVED_PROFILES.pyramidal;
  const [cx, cy] = centroid(footprint.outer);
  const roofHeight = heights.height - heights.wallTop;
  const ring = (radius: number, height: number): Point3[] => footprint.outer.map(([x, y]) => [cx + (x - cx) * radius, cy + (y - cy) * radius, heights.wallTop + roofHeight * height]);
  const faces: RoofFace[] = [];
  for (let k = 1; k < profile.length; k++) {
    const lower = ring(...profile[k - 1]);
    const upper = ring(...profile[k]);
    for (let i = 0; i < lower.length; i++) {
      const j = (i + 1) % lower.length;
      const quad = profile[k][0] === 0 ? [lower[i], lower[j], upper[i]] : [lower[i], lower[j], upper[j], upper[i]];
      faces.push({ outer: quad, holes: [] });
    }
  }
  return { shape, faces, wallTopAt: () => heights.wallTop, wallBreaks: () => [] };
}
