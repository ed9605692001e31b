import { DirectionalLight, FogExp2, HemisphereLight, Vector3, type PerspectiveCamera, type Scene } from 'three';
import { fitShadowBox } from './shadow-fit.ts';
import { skyColours, SkyDome } from './sky.ts';
import { sunDirection, type ModelDirection } from '../../../src/solar-design/index.ts';

/** Haze: the share of colour lost to the sky's horizon grows with distance, about 12 % at the model's diameter. */
const HAZE_PER_RADIUS = 0.18;

/**
 * The scene's light and air: the sun (casting the shadows), the sky's hemisphere light, the sky dome and
 * the haze, coloured for the sun's elevation; the sun's shadow box follows what the visitor looks at.
 */
export class SceneLighting {
  readonly sun = new DirectionalLight(0xfff4e0, 3);
  readonly sky = new HemisphereLight(0xdfeeff, 0x6f665c, 0.8);
  readonly dome = new SkyDome();
  readonly #haze = new FogExp2(0xcfe1ef, HAZE_PER_RADIUS / 300);
  #sunDirection: ModelDirection | undefined = { x: 0, y: 1, z: 0 };
  #modelRadius = 300;
  #tallest = 50;

  constructor() {
    this.sun.castShadow = true;
    this.sun.shadow.mapSize.set(2048, 2048);
    this.sun.shadow.bias = -0.0004;
    this.sun.shadow.normalBias = 0.04;
    // Soft edges (filtered over a few texels) read as shadows, not as black paint.
    this.sun.shadow.radius = 3;
  }

  /** Puts the lights, the dome and the haze into `scene`. */
  addTo(scene: Scene): void {
    scene.add(this.sun, this.sun.target, this.sky, this.dome);
    scene.fog = this.#haze;
  }

  /** Sizes the haze and the shadow box for a model: its half-width and its tallest point, metres. */
  fitModel(radius: number, tallest: number): void {
    this.#modelRadius = radius;
    this.#tallest = tallest;
    this.#haze.density = HAZE_PER_RADIUS / radius;
  }

  /**
   * Places the sun; `undefined` (or below the horizon) is night: no direct light, a dark sky.
   *
   * @param azimuthDeg - clockwise from north
   * @param elevationDeg - above the horizon
   */
  setSun(azimuthDeg: number, elevationDeg: number): void {
    const daylight = smoothstep(-4, 8, elevationDeg);
    this.#sunDirection = elevationDeg > 0 ? sunDirection(azimuthDeg, elevationDeg) : undefined;
    const colours = skyColours(elevationDeg);
    this.sun.visible = this.#sunDirection !== undefined;
    this.sun.intensity = 2.6 * smoothstep(0, 12, elevationDeg);
    this.sun.color.copy(colours.sun);
    // The hemisphere light is the sky's own light: its colour from the zenith, the bounce from the ground.
    this.sky.color.copy(colours.zenith).lerp(colours.horizon, 0.5);
    this.sky.groundColor.copy(colours.ground);
    this.sky.intensity = 0.2 + 0.95 * daylight;
    this.#haze.color.copy(colours.horizon);
    const sun = this.#sunDirection;
    this.dome.update(colours, sun ? new Vector3(sun.x, sun.y, sun.z) : undefined);
  }

  /** Keeps the sky dome around the camera, inside its far plane. */
  followCamera(camera: PerspectiveCamera): void {
    this.dome.position.copy(camera.position);
    this.dome.scale.setScalar(camera.far * 0.9);
  }

  /**
   * Keeps the shadow map on what the visitor looks at, so shadows on nearby roofs stay sharp. Returns
   * the box (its size and centre), to know when the map must be drawn again.
   */
  fitSunToView(cameraPosition: Vector3, target: Vector3): string {
    if (!this.#sunDirection) return '';
    const box = fitShadowBox(cameraPosition.distanceTo(target), this.#modelRadius, this.#tallest);
    const direction = this.#sunDirection;
    this.sun.position.set(target.x + direction.x * box.lightDistance, target.y + direction.y * box.lightDistance, target.z + direction.z * box.lightDistance);
    this.sun.target.position.copy(target);
    this.sun.target.updateMatrixWorld();
    const shadowCamera = this.sun.shadow.camera;
    if (shadowCamera.right !== box.halfSize || shadowCamera.far !== box.far) {
      Object.assign(shadowCamera, { left: -box.halfSize, right: box.halfSize, top: box.halfSize, bottom: -box.halfSize, near: box.near, far: box.far });
      shadowCamera.updateProjectionMatrix();
    }
    return [box.halfSize, box.far, target.x, target.y, target.z].map((v) => v.toFixed(2)).join();
  }
}

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = Math.min(Math.max((x - edge0) / (edge1 - edge0), 0), 1);
  return t * t * (3 - 2 * t);
}
