import { Mesh, type Object3D } from 'three';
import { sceneTriangles } from '../wizard/scene-triangles.ts';
import { CELL_KINDS, NO_CELLS, type CellKind } from './heatmap-cells.ts';

/** A scene as the heatmap's workers take it. */
export interface HeatmapScene {
  positions: Float32Array;
  index: Uint32Array;
  kinds: Uint8Array;
}

/** The GLB's `surface` names of each kind of heatmap surface; every other surface only casts shadows. */
const KIND_OF_SURFACE: Record<string, CellKind> = { roof: 'roof', walls: 'wall', wall: 'wall', ground: 'ground', green: 'ground', road: 'ground', area: 'ground', areas: 'ground' };

/**
 * The scene as the heatmap worker takes it: every triangle (the wizard's shading scene) and, for each,
 * which kind of cells it carries. Meshes are visited in the order `sceneTriangles` visits them
 * (`Object3D.traverse`), so the kinds line up with its triangles.
 */
export function heatmapScene(root: Object3D): HeatmapScene {
  const { positions, index } = sceneTriangles(root);
  const kinds = new Uint8Array(index.length / 3).fill(NO_CELLS);
  let triangle = 0;
  root.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    const count = (object.geometry.index?.count ?? object.geometry.attributes.position.count) / 3;
    const kind = KIND_OF_SURFACE[surfaceOf(object) ?? ''];
    if (kind) kinds.fill(CELL_KINDS.indexOf(kind), triangle, triangle + count);
    triangle += count;
  });
  return { positions, index, kinds };
}

/** The `surface` a primitive (geometry extras) or its node or an ancestor declares. */
function surfaceOf(mesh: Mesh): string | undefined {
  const own = (mesh.geometry.userData as { surface?: string }).surface;
  if (own) return own;
  for (let node: Object3D | null = mesh; node; node = node.parent) {
    const surface = (node.userData as { surface?: string }).surface;
    if (surface) return surface;
  }
  return undefined;
}
