import { Raycaster, Vector2, type Intersection, type Object3D } from 'three';
import type { Viewer } from '../viewer/viewer.ts';

/** A click moves the pointer less than this (pixels); more is a drag of the view (as the wizard counts it). */
const CLICK_SLOP = 6;

/** A click on the 3D view and what it hit first. */
export interface ModelClick {
  /** The first hit on the model or on the placed panels, if any. */
  hit: Intersection | undefined;
  /**
   * Keeps the click from the wizard (which would otherwise pick the roof under it again): marks the
   * event handled (`preventDefault`), which the wizard checks. Propagation is not stopped: the orbit
   * controls must still see the pointer go up.
   */
  claim(): void;
}

/**
 * Calls `handler` for each click (not drag) on the view. It listens in the capture phase, before the
 * wizard's own listener on the canvas, so a tool that uses the click can claim it first.
 */
export function listenForModelClicks(viewer: Viewer, targets: () => Object3D[], handler: (click: ModelClick) => void): void {
  const canvas = viewer.renderer.domElement;
  let down: { x: number; y: number } | undefined;
  canvas.addEventListener('pointerdown', (event) => {
    down = event.isPrimary ? { x: event.clientX, y: event.clientY } : undefined;
  }, { capture: true });
  canvas.addEventListener('pointerup', (event) => {
    if (!down || Math.hypot(event.clientX - down.x, event.clientY - down.y) > CLICK_SLOP) return;
    const rect = canvas.getBoundingClientRect();
    const pointer = new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1);
    const raycaster = new Raycaster();
    raycaster.setFromCamera(pointer, viewer.camera);
    const hit = raycaster.intersectObjects(targets(), true)[0];
    handler({ hit, claim: () => event.preventDefault() });
  }, { capture: true });
}
