import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { BufferAttribute, BufferGeometry, Mesh, MeshDepthMaterial, MeshStandardMaterial, Texture } from 'three';
import { shareSurfaceProgram } from '../../web/src/viewer/surface-program.ts';

/** A triangle as a model's GLB gives it: positions and normals, with or without UVs and baked colours. */
function surface(options: { textured: boolean; colours?: number[] }): Mesh<BufferGeometry, MeshStandardMaterial> {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 1]), 3));
  geometry.setAttribute('normal', new BufferAttribute(new Float32Array([0, 1, 0, 0, 1, 0, 0, 1, 0]), 3));
  if (options.colours) geometry.setAttribute('color', new BufferAttribute(new Uint8Array(options.colours), 4, true));
  const material = new MeshStandardMaterial({ color: 0x808080, map: options.textured ? new Texture() : null, vertexColors: Boolean(options.colours) });
  const mesh = new Mesh(geometry, material);
  mesh.castShadow = true;
  return mesh;
}

/** What three.js builds a surface's program from, among what differs between a model's surfaces. */
function programParameters(mesh: Mesh<BufferGeometry, MeshStandardMaterial>) {
  const colour = mesh.geometry.attributes.color;
  return { map: Boolean(mesh.material.map), vertexColors: mesh.material.vertexColors, colourComponents: colour?.itemSize, depthMap: Boolean((mesh.customDepthMaterial as MeshDepthMaterial | undefined)?.map) };
}

describe('one shader program for every model surface', () => {
  test('textured, textured with baked occlusion and plain surfaces end with the same program parameters', () => {
    const baked = [200, 190, 180, 255, 100, 100, 100, 255, 255, 255, 255, 255];
    const meshes = [surface({ textured: true }), surface({ textured: true, colours: baked }), surface({ textured: false })];
    const texture = meshes[0].material.map;
    for (const mesh of meshes) shareSurfaceProgram(mesh);
    const [first, ...others] = meshes.map(programParameters);
    assert.deepEqual(first, { map: true, vertexColors: true, colourComponents: 4, depthMap: false });
    for (const other of others) assert.deepEqual(other, first);
    assert.equal(meshes[0].material.map, texture, 'a surface keeps its own texture');
    assert.deepEqual([...meshes[1].geometry.attributes.color.array], baked, 'baked occlusion is kept');
    assert.ok([...meshes[2].geometry.attributes.color.array].every((v) => v === 255), 'a surface without colours gets white ones');
  });

  test('the shadow depth material keeps no texture, even when three.js hands it the surface’s', () => {
    const mesh = surface({ textured: true });
    shareSurfaceProgram(mesh);
    const depth = mesh.customDepthMaterial as MeshDepthMaterial;
    assert.ok(depth instanceof MeshDepthMaterial);
    depth.map = mesh.material.map;
    assert.equal(depth.map, null);
  });

  test('a surface that casts no shadow keeps three.js’s own depth material', () => {
    const mesh = surface({ textured: false });
    mesh.castShadow = false;
    shareSurfaceProgram(mesh);
    assert.equal(mesh.customDepthMaterial, undefined);
  });
});
