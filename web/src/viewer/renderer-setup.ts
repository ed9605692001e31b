import { NeutralToneMapping, PCFShadowMap, SRGBColorSpace, WebGLRenderer } from 'three';

/**
 * The view's WebGL renderer for a canvas of `width` × `height` CSS pixels: sRGB output, neutral tone
 * mapping and soft shadow maps, at most twice the CSS pixels, its drawing buffer kept between frames.
 */
export function createRenderer(width: number, height: number): WebGLRenderer {
  const ratio = Math.min(window.devicePixelRatio, 2);
  // The canvas has its size before its context is made: resizing it after makes the GPU process
  // allocate its buffers twice while the page's thread waits.
  const canvas = document.createElement('canvas');
  canvas.width = Math.floor(width * ratio);
  canvas.height = Math.floor(height * ratio);
  // The canvas keeps its colour and depth between frames, so a layer that changes alone (the heatmap
  // filling in) is drawn over the last frame instead of in a whole new one (over-draw.ts).
  const renderer = new WebGLRenderer({ canvas, antialias: true, powerPreference: 'high-performance', preserveDrawingBuffer: true });
  renderer.setDrawingBufferSize(width, height, ratio);
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
