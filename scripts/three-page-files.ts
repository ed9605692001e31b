import path from 'node:path';

/**
 * The three.js modules a bare render page loads (GLTFLoader and the decoders it needs), as URL path →
 * [file, content type], for the small local servers of `render-glb` and the GLB draw bench.
 */
export function threePageFiles(): Record<string, [string, string]> {
  const three = path.resolve(import.meta.dirname, '../node_modules/three');
  return {
    '/three.module.js': [path.join(three, 'build/three.module.js'), 'text/javascript'],
    '/three.core.js': [path.join(three, 'build/three.core.js'), 'text/javascript'],
    '/GLTFLoader.js': [path.join(three, 'examples/jsm/loaders/GLTFLoader.js'), 'text/javascript'],
    '/BufferGeometryUtils.js': [path.join(three, 'examples/jsm/utils/BufferGeometryUtils.js'), 'text/javascript'],
    '/SkeletonUtils.js': [path.join(three, 'examples/jsm/utils/SkeletonUtils.js'), 'text/javascript'],
    '/meshopt_decoder.module.js': [path.join(three, 'examples/jsm/libs/meshopt_decoder.module.js'), 'text/javascript'],
  };
}
