import type { Document, Node, Primitive } from '@gltf-transform/core';
import type { BuildingRecord } from '../../src/modelgen/gltf/building-table.ts';
import { readBuildingTable } from '../../src/modelgen/model-file.ts';

/** A building's run of triangles in one batch primitive. */
export interface BuildingPart {
  node: Node;
  primitive: Primitive;
  surface: string;
  /** First position in the primitive's index list and how many (three per triangle). */
  first: number;
  count: number;
}

/** A drawn building as a viewer sees it: its table entry and its parts of the batch primitives. */
export interface BuildingParts extends BuildingRecord {
  parts: BuildingPart[];
}

export { readBuildingTable };

/** Every building of a GLB with its parts of the batch primitives of a document read from it. */
export function buildingParts(glb: Uint8Array, document: Document): BuildingParts[] {
  const batches = new Map<number, { node: Node; primitive: Primitive }>();
  for (const node of document.getRoot().listNodes()) {
    for (const primitive of node.getMesh()?.listPrimitives() ?? []) {
      const batch = (primitive.getExtras() as { batch?: unknown }).batch;
      if (typeof batch === 'number') batches.set(batch, { node, primitive });
    }
  }
  return readBuildingTable(glb).map((record) => ({
    ...record,
    parts: record.ranges.map((range) => ({ ...batches.get(range.batch)!, surface: range.surface, first: range.first, count: range.count })),
  }));
}

/** Whether a node holds building batches (its primitives are split into buildings by {@link buildingParts}). */
export function isBatchNode(node: Node): boolean {
  return (node.getExtras() as { surface?: unknown }).surface === 'buildings';
}
