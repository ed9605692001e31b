import { BoxGeometry, Color, Group, InstancedMesh, Matrix4, MeshStandardMaterial, Vector3, type Scene } from 'three';
import type { PlacedPanel } from '../../../src/solar-design/index.ts';

const THICKNESS = 0.04;
/** A panel's aluminium frame, metres wide: its cells sit inside it, a little proud of it. */
const FRAME_WIDTH = 0.05;
/** The frames' silver: panels stay apart from each other and from a roof of their own colour (red on tiles). */
const FRAME = new Color(0xd4d8de);
const BEST = new Color(0x1d4ed8);
const GOOD = new Color(0x16a34a);
const FAIR = new Color(0xeab308);
const POOR = new Color(0xdc2626);

/**
 * The colour of a panel by its yield relative to the roof's best: blue for the best, then green,
 * yellow and red toward the 75 % cut-off.
 */
export function yieldColour(relative: number, target = new Color()): Color {
  const t = Math.min(Math.max((1 - relative) / 0.25, 0), 1);
  if (t < 1 / 3) return target.copy(BEST).lerp(GOOD, t * 3);
  if (t < 2 / 3) return target.copy(GOOD).lerp(FAIR, (t - 1 / 3) * 3);
  return target.copy(FAIR).lerp(POOR, (t - 2 / 3) * 3);
}

/**
 * The placed panels, named `solar panels`: each a silver frame and, inside it, its cells coloured by its
 * relative yield, as two instanced meshes of thin boxes (instance i of either is panel i). One geometry
 * and one material serve every layout, so the shader is compiled once (ahead of time by
 * {@link PanelMeshes.warmUp}), not on the frame that first shows panels.
 */
export class PanelMeshes {
  readonly #scene: Scene;
  readonly #geometry = new BoxGeometry(1, 1, 1);
  readonly #material = new MeshStandardMaterial({ color: 0xffffff, roughness: 0.35, metalness: 0.2 });
  #mesh: Group | undefined;
  #warmed = false;

  constructor(scene: Scene) {
    this.#scene = scene;
  }

  /**
   * Draws one invisible-sized panel in the next frame, so the panels' shaders (their colour pass and
   * their shadow-map pass) are compiled when the wizard opens, not on the frame that shows the design.
   */
  warmUp(requestFrame: (after: () => void) => void): void {
    if (this.#warmed) return;
    this.#warmed = true;
    const probe = this.#instanced(1);
    probe.setMatrixAt(0, new Matrix4().makeScale(1e-3, 1e-3, 1e-3));
    // Drawn wherever the camera looks, or the renderer would skip it and compile nothing.
    probe.frustumCulled = false;
    this.#scene.add(probe);
    requestFrame(() => {
      this.#scene.remove(probe);
      probe.dispose();
    });
  }

  #instanced(count: number): InstancedMesh {
    const mesh = new InstancedMesh(this.#geometry, this.#material, count);
    mesh.castShadow = true;
    mesh.receiveShadow = true;
    mesh.setColorAt(0, new Color());
    return mesh;
  }

  /** Shows `panels`; `relative[i]` (0–1, default 1) colours panel i. */
  show(panels: PlacedPanel[], relative: number[] = []): void {
    this.clear();
    if (panels.length === 0) return;
    const [frames, cells] = [this.#instanced(panels.length), this.#instanced(panels.length)];
    const matrix = new Matrix4();
    const colour = new Color();
    panels.forEach((panel, i) => {
      const across = new Vector3(...panel.across);
      const normal = new Vector3(...panel.normal);
      // A right-handed basis (across, normal, across × normal), so the box is never mirrored inside out;
      // the third axis runs along the panel's `up` side, one way or the other.
      const along = new Vector3().crossVectors(across, normal).normalize();
      const box = (inset: number, thickness: number) => {
        matrix.makeBasis(across.clone().multiplyScalar(panel.width - 0.02 - 2 * inset), normal.clone().multiplyScalar(thickness), along.clone().multiplyScalar(panel.height - 0.02 - 2 * inset));
        return matrix.setPosition(new Vector3(...panel.centre).addScaledVector(normal, (thickness - THICKNESS) / 2));
      };
      frames.setMatrixAt(i, box(0, THICKNESS));
      frames.setColorAt(i, FRAME);
      cells.setMatrixAt(i, box(FRAME_WIDTH, THICKNESS + 0.01));
      cells.setColorAt(i, yieldColour(relative[i] ?? 1, colour));
    });
    const group = new Group();
    group.name = 'solar panels';
    group.add(frames, cells);
    this.#mesh = group;
    this.#scene.add(group);
  }

  clear(): void {
    if (!this.#mesh) return;
    this.#scene.remove(this.#mesh);
    for (const mesh of this.#mesh.children as InstancedMesh[]) mesh.dispose();
    this.#mesh = undefined;
  }

  /** How many panels are on screen. */
  get count(): number {
    return (this.#mesh?.children[0] as InstancedMesh | undefined)?.count ?? 0;
  }
}
