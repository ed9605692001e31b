import { InstancedMesh, Mesh, Texture, WebGLRenderTarget, type Camera, type DirectionalLight, type Light, type LightShadow, type Material, type Object3D, type WebGLRenderer } from 'three';
import { renderLayer } from './layer-render.ts';

/**
 * What the shadow map depends on among a scene's objects: every visible mesh that casts a shadow, its
 * geometry (and edits of its index or positions), its place, and an instanced mesh's instances.
 */
export function shadowCasters(scene: Object3D): string {
  const parts: (string | number)[] = [];
  scene.traverseVisible((object) => {
    if (!(object instanceof Mesh) || !object.castShadow) return;
    const { geometry } = object;
    const position = geometry.getAttribute('position') as { version?: number } | undefined;
    parts.push(object.id, geometry.id, geometry.index?.version ?? -1, position?.version ?? -1, ...object.matrixWorld.elements);
    if (object instanceof InstancedMesh) parts.push(object.count, object.instanceMatrix.version);
  });
  return parts.join(',');
}

/**
 * Draws the shadow map again only when what it shows changed — what casts shadows, the sun, or the
 * shadow box (the view's distance and target) — not on every frame: turning the view changes none of
 * them. While the view moves, a moved box waits for the frame at rest: the map drawn for the old box
 * stays right where it covers (three.js keeps the light's shadow matrix of the map it drew).
 */
export class ShadowUpdates {
  #drawnFor = { casters: '', sun: '', box: '' };

  constructor(renderer: WebGLRenderer) {
    renderer.shadowMap.autoUpdate = false;
  }

  /** Asks `renderer` to draw the shadow map in its next render when it is stale; true when it did. */
  update(renderer: WebGLRenderer, scene: Object3D, sun: DirectionalLight, box: string, moving: boolean): boolean {
    scene.updateMatrixWorld();
    const direction = sun.visible ? sun.position.clone().sub(sun.target.position).normalize().toArray().map((v) => v.toFixed(4)).join() : 'night';
    const now = { casters: shadowCasters(scene), sun: direction, box };
    const drawn = this.#drawnFor;
    if (now.casters === drawn.casters && now.sun === drawn.sun && (now.box === drawn.box || moving)) return false;
    renderer.shadowMap.needsUpdate = true;
    this.#drawnFor = now;
    return true;
  }
}

/** A layer only the lights are on, to draw the shadow map without drawing the scene. */
const LIGHTS_ONLY = 31;
/** A layer nothing is on. */
const UNUSED = 30;
const tiny = new WebGLRenderTarget(1, 1);

/**
 * Does the costly parts of a new model's first frame ahead of it, in a task of its own: uploads its
 * textures and draws the shadow map (compiling its program), so the frame itself only draws. The scene
 * is drawn with a camera that sees only the lights, into a one-pixel target (nothing reaches the page).
 */
export function prepareFrame(renderer: WebGLRenderer, scene: Object3D, camera: Camera, lights: Light[]): void {
  uploadTextures(renderer, scene);
  const mask = camera.layers.mask;
  // Three.js draws into a shadow map what the view's camera sees, unless the shadow camera has layers
  // of its own (beyond layer 0): give it the view's, plus an unused one to make them count.
  const shadowCameras = lights.flatMap((light: Light & { shadow?: LightShadow }) => (light.shadow ? [light.shadow.camera] : []));
  const shadowMasks = shadowCameras.map((shadowCamera) => shadowCamera.layers.mask);
  for (const shadowCamera of shadowCameras) shadowCamera.layers.mask = mask | (1 << UNUSED);
  try {
    renderLayer(renderer, scene, camera, LIGHTS_ONLY, lights, tiny);
  } finally {
    shadowCameras.forEach((shadowCamera, i) => (shadowCamera.layers.mask = shadowMasks[i]));
  }
}

/** Uploads the textures of a scene's materials that are not on the GPU yet (three.js would upload them in the first frame). */
export function uploadTextures(renderer: WebGLRenderer, scene: Object3D): void {
  scene.traverse((object) => {
    if (!(object instanceof Mesh)) return;
    for (const material of [object.material as Material | Material[]].flat()) {
      for (const value of Object.values(material)) if (value instanceof Texture) renderer.initTexture(value);
    }
  });
}
