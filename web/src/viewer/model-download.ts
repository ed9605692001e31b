import { GLTFLoader, type GLTF } from 'three/addons/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';

/** Workers decoding the model's meshopt-compressed geometry. */
const MESHOPT_WORKERS = 2;

/**
 * Downloads and decodes a GLB model (meshopt-compressed, quantized) without showing it: this needs no
 * view, so the page starts it before its view is set up.
 *
 * @param onProgress - share of the download received, 0 to 1, when the size is known
 */
export function downloadModel(url: string, onProgress?: (fraction: number) => void): Promise<GLTF> {
  // Decoding the compressed geometry runs in workers, not on the page's thread.
  MeshoptDecoder.useWorkers(MESHOPT_WORKERS);
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  return loader.loadAsync(url, (event) => {
    if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
  });
}
