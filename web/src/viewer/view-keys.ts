import { Spherical, Vector3 } from 'three';
import type { OrbitControls } from 'three/addons/controls/OrbitControls.js';

/**
 * The 3D view by keyboard, for visitors who do not drag: the arrow keys turn the view about what it looks
 * at and tilt it, with Shift they move it over the ground, and + and − (or Page Up and Page Down) zoom.
 * OrbitControls' own keys pan on the plain arrows and turn by half a degree a press; a visitor looking at
 * a house wants it turned first, and in steps that show a new side in a few presses.
 */

/** One press turns the view this far about its target: 24 go round (radians). */
const TURN_RAD = Math.PI / 12;
/** One press tilts the view this far (radians). */
const TILT_RAD = Math.PI / 36;
/** One press moves the view over the ground by this share of the camera's distance. */
const MOVE_SHARE = 0.15;
/** One press brings the camera to this share of its distance (zooming out: the inverse). */
const ZOOM_IN = 0.8;

/**
 * Lets the keyboard move the view while the view itself has the focus (`container`, a Tab stop); the
 * page's controls keep their own keys, and modified keys are left to the browser.
 */
export function listenForViewKeys(container: HTMLElement, controls: OrbitControls): void {
  container.addEventListener('keydown', (event) => {
    if (event.target !== container || event.ctrlKey || event.metaKey || event.altKey) return;
    if (moveViewByKey(controls, event.key, event.shiftKey)) event.preventDefault();
  });
}

/**
 * Moves the view for a key pressed on it. Returns whether the key moves the view (the page should then
 * not scroll). A move is reported to the controls' listeners as a short drag (start, change, end), so
 * the ground and the frame loop follow it as they follow the pointer.
 */
export function moveViewByKey(controls: OrbitControls, key: string, shift: boolean): boolean {
  const move = shift ? moveOverGround(key) : turnOrZoom(key);
  if (!move) return false;
  controls.dispatchEvent({ type: 'start' });
  move(controls);
  controls.update();
  controls.dispatchEvent({ type: 'end' });
  return true;
}

type Move = (controls: OrbitControls) => void;

function turnOrZoom(key: string): Move | undefined {
  switch (key) {
    // The camera's azimuth grows anticlockwise seen from above: the view turns right as it shrinks.
    case 'ArrowLeft': return (c) => orbit(c, TURN_RAD, 0);
    case 'ArrowRight': return (c) => orbit(c, -TURN_RAD, 0);
    case 'ArrowUp': return (c) => orbit(c, 0, -TILT_RAD);
    case 'ArrowDown': return (c) => orbit(c, 0, TILT_RAD);
    case '+': case '=': case 'PageUp': return (c) => zoom(c, ZOOM_IN);
    case '-': case '_': case 'PageDown': return (c) => zoom(c, 1 / ZOOM_IN);
    default: return undefined;
  }
}

function moveOverGround(key: string): Move | undefined {
  // Forward and right along the ground, as the view looks.
  const steps: Record<string, [number, number]> = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1] };
  const step = steps[key];
  if (!step) return undefined;
  return (controls) => {
    const offset = controls.object.position.clone().sub(controls.target);
    const forward = new Vector3(-offset.x, 0, -offset.z).normalize();
    const right = new Vector3(-forward.z, 0, forward.x);
    const shift = forward.multiplyScalar(step[0]).add(right.multiplyScalar(step[1])).multiplyScalar(offset.length() * MOVE_SHARE);
    controls.target.add(shift);
    controls.object.position.add(shift);
  };
}

/** Turns the camera about the target (`turn`, radians about the vertical) and tilts it (`tilt`, radians from above), within the controls' limits. */
function orbit(controls: OrbitControls, turn: number, tilt: number): void {
  const offset = controls.object.position.clone().sub(controls.target);
  const spherical = new Spherical().setFromVector3(offset);
  spherical.theta += turn;
  spherical.phi = Math.min(Math.max(spherical.phi + tilt, controls.minPolarAngle), controls.maxPolarAngle);
  spherical.makeSafe();
  controls.object.position.copy(controls.target).add(offset.setFromSpherical(spherical));
}

/** Brings the camera to `factor` of its distance from the target, within the controls' limits. */
function zoom(controls: OrbitControls, factor: number): void {
  const offset = controls.object.position.clone().sub(controls.target);
  const distance = Math.min(Math.max(offset.length() * factor, controls.minDistance), controls.maxDistance);
  controls.object.position.copy(controls.target).add(offset.setLength(distance));
}
