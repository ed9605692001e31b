import { NeutralToneMapping, PCFShadowMap, SRGBColorSpace, WebGLRenderer } from 'three';

/** The view's WebGL renderer: sRGB output, neutral tone mapping and soft shadow maps, at most twice the CSS pixels. */
export function createRenderer(): WebGLRenderer {
  const renderer = new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.outputColorSpace = SRGBColorSpace;
  // Reading back each shader's compile status makes the page wait for the GPU process at every new
  // program; in production the page goes on (decoding the model) while shaders compile.
  renderer.debug.checkShaderErrors = import.meta.env.DEV;
  // Neutral tone mapping keeps the mapped colours of roofs and walls while rolling off sunlit highlights.
  renderer.toneMapping = NeutralToneMapping;
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = PCFShadowMap;
  return renderer;
}
