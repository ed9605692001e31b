import { Vector2 } from 'three';

/** A click moves the pointer less than this (pixels); more is a drag of the view. */
const CLICK_SLOP = 6;

/**
 * Calls `onClick` with the pointer in normalized device coordinates (-1 to 1) when the canvas is
 * clicked (not dragged) while `listening()` says so.
 */
export function listenForClicks(canvas: HTMLCanvasElement, listening: () => boolean, onClick: (pointer: Vector2) => void): void {
  let down: { x: number; y: number } | undefined;
  canvas.addEventListener('pointerdown', (event) => {
    down = event.isPrimary ? { x: event.clientX, y: event.clientY } : undefined;
  });
  canvas.addEventListener('pointerup', (event) => {
    // A click another tool used (a measurement, a tapped panel) is not a roof pick.
    if (!down || event.defaultPrevented || !listening()) return;
    const moved = Math.hypot(event.clientX - down.x, event.clientY - down.y);
    down = undefined;
    if (moved > CLICK_SLOP) return;
    const rect = canvas.getBoundingClientRect();
    onClick(new Vector2(((event.clientX - rect.left) / rect.width) * 2 - 1, -((event.clientY - rect.top) / rect.height) * 2 + 1));
  });
}
