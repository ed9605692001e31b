import { Mesh, type Material, type Object3D } from 'three';

/**
 * Keeps the draped ground layers in their order on screen: each mesh whose node declares a `drawOrder`
 * (GLB extras; the bare ground is 0, roads the highest) is drawn with a depth offset towards the
 * camera that grows with its order, on its own copy of the material. The layers also lie a few
 * centimetres apart in the model; the offset keeps them apart when seen from far or at a grazing angle,
 * where depth precision runs out.
 */
export function applyDrawOrder(content: Object3D): void {
  content.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    const order = drawOrderOf(object);
    if (!order) return;
    const offset = (material: Material) => {
      const copy = material.clone();
      copy.polygonOffset = true;
      copy.polygonOffsetFactor = -1;
      copy.polygonOffsetUnits = -2 * order;
      return copy;
    };
    object.material = Array.isArray(object.material) ? object.material.map(offset) : offset(object.material);
    object.renderOrder = order;
  });
}

function drawOrderOf(object: Object3D): number | undefined {
  for (let node: Object3D | null = object; node; node = node.parent) {
    const order = (node.userData as { drawOrder?: unknown }).drawOrder;
    if (typeof order === 'number') return order;
  }
  return undefined;
}
