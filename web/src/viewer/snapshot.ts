import type { Viewer } from './viewer.ts';
import { NO_INSETS } from './view-insets.ts';

/** Widest snapshot sent to the service, pixels (sharp in the report; small enough to send quickly). */
const MAX_WIDTH = 1600;
/** The tallest the picture is against its width: a phone's tall view is cut to its middle (the report's page is wide). */
const MAX_HEIGHT_OF_WIDTH = 0.75;

/**
 * The 3D view as a JPEG data URL, for the site report. The canvas is read right after a frame is drawn
 * (in the same task), so the renderer needs no preserved drawing buffer; a wide canvas is scaled down, a
 * tall one (a phone held upright) cut to a 4 : 3 band across its middle, where the view looks. The snapshot
 * frame is drawn centred on what the view looks at (not beside the wizard's panel, which the picture does
 * not show).
 */
export function captureSnapshot(viewer: Viewer): Promise<string> {
  const insets = viewer.insets;
  viewer.setInsets(NO_INSETS);
  return new Promise((resolve) => {
    const stop = viewer.onRender(() => {
      stop();
      viewer.setInsets(insets);
      const canvas = viewer.renderer.domElement;
      const height = Math.min(canvas.height, Math.round(canvas.width * MAX_HEIGHT_OF_WIDTH));
      const scale = Math.min(1, MAX_WIDTH / canvas.width);
      if (scale === 1 && height === canvas.height) {
        resolve(canvas.toDataURL('image/jpeg', 0.85));
        return;
      }
      const picture = document.createElement('canvas');
      picture.width = Math.round(canvas.width * scale);
      picture.height = Math.round(height * scale);
      const top = Math.round((canvas.height - height) / 2);
      picture.getContext('2d')!.drawImage(canvas, 0, top, canvas.width, height, 0, 0, picture.width, picture.height);
      resolve(picture.toDataURL('image/jpeg', 0.85));
    });
    viewer.requestRender(true);
  });
}
