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
  startDecoders();
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder);
  return loader.loadAsync(url, (event) => {
    if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
  });
}

/**
 * Starts the workers decoding the compressed geometry (not on the page's thread); the page calls it
 * while it waits for the service, so they are ready when the GLB arrives. Calling it again keeps them.
 */
export function startDecoders(): void {
  // Each call rebuilds the workers' script (the decoder's WebAssembly as text) even when they run.
  if (decodersStarted) return;
  decodersStarted = true;
  MeshoptDecoder.useWorkers(MESHOPT_WORKERS);
}
let decodersStarted = false;
