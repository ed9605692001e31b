import { MeshBuilder, type Point3 } from './mesh-builder.ts';

/** Height of a tree without a `height` tag, metres. */
export const DEFAULT_TREE_HEIGHT_M = 8;
const SIDES = 6;
const TRUNK_SIDES = 4;

/** The crown a tree gets: broadleaved trees a rounded crown, needleleaved trees a cone. */
export type CrownShape = 'broadleaved' | 'needleleaved';

/** The meshes trees are collected in: trunks, and crowns by shape (so each can have its own material). */
export interface TreeMeshes {
  trunks: MeshBuilder;
  crowns: Record<CrownShape, MeshBuilder>;
}

/** Empty tree meshes. */
export function treeMeshes(): TreeMeshes {
  return { trunks: new MeshBuilder(), crowns: { broadleaved: new MeshBuilder(), needleleaved: new MeshBuilder() } };
}

/**
 * Adds a low-poly tree, as tall as the tree (`height`, else 8 m) and as wide as `diameter_crown`, so it
 * casts a shadow of the right size: a broadleaved tree a rounded six-sided crown (0.6 × height wide by
 * default) on a trunk, a needleleaved tree a cone from low on the trunk (0.4 × height wide).
 */
export function addTree(meshes: TreeMeshes, x: number, y: number, ground: number, tags: Record<string, string>, shape: CrownShape): void {
  const height = positive(tags.height) ?? DEFAULT_TREE_HEIGHT_M;
  const needles = shape === 'needleleaved';
  const crownRadius = (positive(tags.diameter_crown) ?? height * (needles ? 0.4 : 0.6)) / 2;
  const ring = (sides: number, radius: number, z: number): Point3[] =>
    Array.from({ length: sides }, (_, i) => [x + radius * Math.cos((2 * Math.PI * i) / sides), y + radius * Math.sin((2 * Math.PI * i) / sides), z]);
  const crownBottom = ground + height * (needles ? 0.15 : 0.3);
  const trunkBottom = ring(TRUNK_SIDES, 0.2, ground);
  const trunkTop = ring(TRUNK_SIDES, 0.2, crownBottom + 0.5);
  for (let i = 0; i < TRUNK_SIDES; i++) {
    const j = (i + 1) % TRUNK_SIDES;
    meshes.trunks.polygon([trunkBottom[i], trunkBottom[j], trunkTop[j], trunkTop[i]]);
  }
  const crown = meshes.crowns[shape];
  const bottom: Point3 = [x, y, crownBottom];
  const top: Point3 = [x, y, ground + height];
  // A cone has one ring near its base; a rounded crown two, its widest a little above the middle.
  const rings = needles ? [ring(SIDES, crownRadius, crownBottom + height * 0.1)] : [ring(SIDES, crownRadius, ground + height * 0.58), ring(SIDES, crownRadius * 0.7, ground + height * 0.85)];
  for (let i = 0; i < SIDES; i++) {
    const j = (i + 1) % SIDES;
    crown.triangle(rings[0][j], rings[0][i], bottom);
    for (let k = 0; k + 1 < rings.length; k++) crown.polygon([rings[k][i], rings[k][j], rings[k + 1][j], rings[k + 1][i]]);
    crown.triangle(rings[rings.length - 1][i], rings[rings.length - 1][j], top);
  }
}

function positive(value: string | undefined): number | undefined {
  const number = value === undefined ? NaN : Number.parseFloat(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}
