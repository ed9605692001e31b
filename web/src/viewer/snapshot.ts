import type { Viewer } from './viewer.ts';
import { NO_INSETS } from './view-insets.ts';

/** Widest snapshot sent to the service, pixels (sharp in the report; small enough to send quickly). */
const MAX_WIDTH = 1600;

/**
 * The 3D view as a JPEG data URL, for the site report. The canvas is read right after a frame is drawn
 * (in the same task), so the renderer needs no preserved drawing buffer; a wide canvas is scaled down.
 * The snapshot frame is drawn centred on what the view looks at (not beside the wizard's panel, which
 * the picture does not show).
 */
export function captureSnapshot(viewer: Viewer): Promise<string> {
  const insets = viewer.insets;
  viewer.setInsets(NO_INSETS);
  return new Promise((resolve) => {
    const stop = viewer.onRender(() => {
      stop();
      viewer.setInsets(insets);
      const canvas = viewer.renderer.domElement;
      const scale = Math.min(1, MAX_WIDTH / canvas.width);
      if (scale === 1) {
        resolve(canvas.toDataURL('image/jpeg', 0.85));
        return;
      }
      const small = document.createElement('canvas');
      small.width = Math.round(canvas.width * scale);
      small.height = Math.round(canvas.height * scale);
      small.getContext('2d')!.drawImage(canvas, 0, 0, small.width, small.height);
      resolve(small.toDataURL('image/jpeg', 0.85));
    });
    viewer.requestRender(true);
  });
}
