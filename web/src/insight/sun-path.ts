import {
  BufferGeometry, CanvasTexture, Group, Line, LineBasicMaterial, LineDashedMaterial, Mesh, MeshBasicMaterial, Raycaster, SphereGeometry, Sprite, SpriteMaterial, Vector3, type Object3D,
} from 'three';
import { createSolarPositionCalculator } from '../../../src/irradiance/browser.ts';
import type { Site } from '../viewer/daylight.ts';
import { sunDirection } from '../../../src/solar-design/index.ts';
import { wallClock, zonedInstant } from '../viewer/zoned-time.ts';

const ARC_STEP_MINUTES = 5;
const ARC_COLOUR = 0xf59e0b;
/** How far above its mark an hour's label stands, in radii of the path. */
const LABEL_LIFT = 0.05;

/**
 * The sun path: the day's arc of the sun over a point of the model (from the project's solar position
 * module, in the site's time zone), a mark and the local hour at each whole hour, the sun where it is at
 * the chosen moment, and a line from the point to it, dashed grey when the model hides the sun.
 */
export class SunPath {
  readonly group = new Group();
  readonly #site: Site;
  readonly #position: ReturnType<typeof createSolarPositionCalculator>;
  readonly #arcMaterial = new LineBasicMaterial({ color: ARC_COLOUR, depthTest: false, transparent: true });
  readonly #rayLit = new LineBasicMaterial({ color: 0xfacc15, depthTest: false, transparent: true });
  readonly #rayShaded = new LineDashedMaterial({ color: 0x64748b, dashSize: 2, gapSize: 1.5, depthTest: false, transparent: true });
  readonly #mark = new SphereGeometry(1, 12, 8);
  readonly #markMaterial = new MeshBasicMaterial({ color: ARC_COLOUR, depthTest: false, transparent: true });
  readonly #sun = new Mesh(new SphereGeometry(1, 24, 16), new MeshBasicMaterial({ color: 0xfde047, depthTest: false, transparent: true }));
  readonly #dynamic = new Group();
  #centre = new Vector3();
  #radius = 100;
  #day = '';
  /** Whether the sun is visible from the point at the chosen moment (undefined at night). */
  sunVisible: boolean | undefined;

  constructor(site: Site) {
    this.#site = site;
    this.#position = createSolarPositionCalculator({ latitude: site.latitude, longitude: site.longitude });
    this.group.name = 'sun path';
    this.group.renderOrder = 10;
    this.group.add(this.#dynamic, this.#sun);
  }

  /** Draws the path around `centre` for the day of `instant`, `radius` metres out, and the sun at `instant`. */
  update(centre: Vector3, radius: number, instant: Date, model: Object3D | undefined): void {
    const wall = wallClock(instant, this.#site.timeZone);
    const day = `${wall.year}-${wall.month}-${wall.day} ${centre.toArray().map((x) => x.toFixed(1))} ${radius.toFixed(0)}`;
    this.#centre = centre.clone();
    this.#radius = radius;
    if (day !== this.#day) {
      this.#day = day;
      this.#drawArc(wall);
    }
    this.#drawSun(instant, model);
  }

  /**
   * Points of the day's arc of `instant` around a point, for a radius of 1, with the tops of its hour
   * labels: scaled by the radius and moved to the point, what the view must show of the path.
   */
  dayOutline(instant: Date): Vector3[] {
    const wall = wallClock(instant, this.#site.timeZone);
    const points: Vector3[] = [];
    for (let minutes = 0; minutes <= 1440; minutes += 15) {
      const sun = this.#position(zonedInstant(wall, minutes, this.#site.timeZone));
      if (sun.elevation < 0) continue;
      const d = sunDirection(sun.azimuth, sun.elevation);
      // The label stands LABEL_LIFT over its mark and is 0.04 high.
      points.push(new Vector3(d.x, d.y, d.z), new Vector3(d.x, d.y + LABEL_LIFT + 0.02, d.z));
    }
    return points;
  }

  dispose(): void {
    this.group.removeFromParent();
    this.#clearArc();
  }

  #drawArc(date: { year: number; month: number; day: number }): void {
    this.#clearArc();
    const points: Vector3[] = [];
    for (let minutes = 0; minutes <= 1440; minutes += ARC_STEP_MINUTES) {
      const sun = this.#position(zonedInstant(date, minutes, this.#site.timeZone));
      if (sun.elevation < -0.5) {
        if (points.length > 1) this.#dynamic.add(new Line(new BufferGeometry().setFromPoints(points), this.#arcMaterial));
        points.length = 0;
        continue;
      }
      const point = this.#onSphere(sun.azimuth, Math.max(sun.elevation, 0));
      points.push(point);
      if (minutes % 60 === 0 && sun.elevation > 0) this.#hourMark(point, minutes / 60);
    }
    if (points.length > 1) this.#dynamic.add(new Line(new BufferGeometry().setFromPoints(points), this.#arcMaterial));
  }

  #hourMark(point: Vector3, hour: number): void {
    const dot = new Mesh(this.#mark, this.#markMaterial);
    dot.scale.setScalar(this.#radius * 0.012);
    dot.position.copy(point);
    const label = textSprite(String(hour));
    label.position.copy(point).add(new Vector3(0, this.#radius * LABEL_LIFT, 0));
    label.scale.set(this.#radius * 0.08, this.#radius * 0.04, 1);
    this.#dynamic.add(dot, label);
  }

  #drawSun(instant: Date, model: Object3D | undefined): void {
    for (const old of this.group.children.filter((child) => child.name === 'sun ray')) {
      old.removeFromParent();
      (old as Line).geometry.dispose();
    }
    const sun = this.#position(instant);
    this.#sun.visible = sun.elevation > 0;
    this.sunVisible = undefined;
    if (!this.#sun.visible) return;
    const at = this.#onSphere(sun.azimuth, sun.elevation);
    this.#sun.position.copy(at);
    this.#sun.scale.setScalar(this.#radius * 0.035);
    const d = sunDirection(sun.azimuth, sun.elevation);
    const from = this.#centre.clone().add(new Vector3(0, 0.3, 0));
    const blocked = model ? new Raycaster(from, new Vector3(d.x, d.y, d.z), 0.2, 5000).intersectObject(model, true).length > 0 : false;
    this.sunVisible = !blocked;
    const ray = new Line(new BufferGeometry().setFromPoints([from, at]), blocked ? this.#rayShaded : this.#rayLit);
    if (blocked) ray.computeLineDistances();
    ray.name = 'sun ray';
    this.group.add(ray);
  }

  #onSphere(azimuth: number, elevation: number): Vector3 {
    const d = sunDirection(azimuth, elevation);
    return new Vector3(d.x, d.y, d.z).multiplyScalar(this.#radius).add(this.#centre);
  }

  #clearArc(): void {
    for (const child of [...this.#dynamic.children]) {
      child.removeFromParent();
      if (child instanceof Line) child.geometry.dispose();
      if (child instanceof Sprite) {
        child.material.map?.dispose();
        child.material.dispose();
      }
    }
  }
}

/** A small label that always faces the camera. */
function textSprite(text: string): Sprite {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 32;
  const context = canvas.getContext('2d')!;
  context.font = '600 22px system-ui, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineWidth = 4;
  context.strokeStyle = 'rgba(15, 23, 42, 0.75)';
  context.strokeText(text, 32, 17);
  context.fillStyle = '#fff7d6';
  context.fillText(text, 32, 17);
  const texture = new CanvasTexture(canvas);
  return new Sprite(new SpriteMaterial({ map: texture, depthTest: false, transparent: true }));
}
