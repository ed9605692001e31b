import { Mesh, Vector3, type Object3D } from 'three';

/**
 * Every triangle of a model in world coordinates (positions de-quantized, node transforms applied), as
 * one indexed list: what the shading engine traces against.
 */
export function sceneTriangles(root: Object3D): { positions: Float32Array; index: Uint32Array } {
  root.updateMatrixWorld(true);
  const meshes: Mesh[] = [];
  root.traverse((object) => {
    if (object instanceof Mesh) meshes.push(object);
  });
  let vertexCount = 0;
  let indexCount = 0;
  for (const mesh of meshes) {
    vertexCount += mesh.geometry.attributes.position.count;
    indexCount += mesh.geometry.index?.count ?? mesh.geometry.attributes.position.count;
  }
  const positions = new Float32Array(vertexCount * 3);
  const index = new Uint32Array(indexCount);
  const point = new Vector3();
  let vertexOffset = 0;
  let indexOffset = 0;
  for (const mesh of meshes) {
    const attribute = mesh.geometry.attributes.position;
    for (let i = 0; i < attribute.count; i++) {
      point.fromBufferAttribute(attribute, i).applyMatrix4(mesh.matrixWorld);
      const at = (vertexOffset + i) * 3;
      positions[at] = point.x;
      positions[at + 1] = point.y;
      positions[at + 2] = point.z;
    }
    const source = mesh.geometry.index;
    const count = source?.count ?? attribute.count;
    for (let i = 0; i < count; i++) index[indexOffset + i] = vertexOffset + (source ? source.getX(i) : i);
    vertexOffset += attribute.count;
    indexOffset += count;
  }
  return { positions, index };
}
