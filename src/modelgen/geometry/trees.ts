import { MeshBuilder, type Point3 } from './mesh-builder.ts';

/** Height of a tree without a `height` tag, metres. */
export const DEFAULT_TREE_HEIGHT_M = 8;
const SIDES = 6;

/**
 * Adds a low-poly tree: a six-sided trunk and a six-sided double cone for the crown, as tall as the
 * tree (`height`, else 8 m) and as wide as `diameter_crown` (else 0.6 × height), so it casts a
 * shadow of the right size.
 */
export function addTree(trunks: MeshBuilder, crowns: MeshBuilder, x: number, y: number, ground: number, tags: Record<string, string>): void {
  const height = positive(tags.height) ?? DEFAULT_TREE_HEIGHT_M;
  const crownRadius = (positive(tags.diameter_crown) ?? height * 0.6) / 2;
  const trunkTop = ground + height * 0.3;
  const crownWidest = ground + height * 0.55;
  const ring = (radius: number, z: number): Point3[] =>
    Array.from({ length: SIDES }, (_, i) => [x + radius * Math.cos((2 * Math.PI * i) / SIDES), y + radius * Math.sin((2 * Math.PI * i) / SIDES), z]);
  const trunkBottom = ring(0.2, ground);
  const trunkRing = ring(0.2, trunkTop + 0.5);
  const crownBottom: Point3 = [x, y, trunkTop];
  const crownRing = ring(crownRadius, crownWidest);
  const top: Point3 = [x, y, ground + height];
  for (let i = 0; i < SIDES; i++) {
    const j = (i + 1) % SIDES;
    trunks.polygon([trunkBottom[i], trunkBottom[j], trunkRing[j], trunkRing[i]]);
    crowns.triangle(crownRing[i], crownRing[j], top);
    crowns.triangle(crownRing[j], crownRing[i], crownBottom);
  }
}

function positive(value: string | undefined): number | undefined {
  const number = value === undefined ? NaN : Number.parseFloat(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}
