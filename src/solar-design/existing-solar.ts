import { pointInRing } from '../modelgen/browser.ts';
import type { Vec3 } from './face-frame.ts';
import { segmentDistance } from './rectangle-packing.ts';
import type { PlacedPanel } from './roof-layout.ts';

/** PV already on a roof, as the building's node extras list it (`existingSolar`). */
export interface ExistingSolar {
  osmId: string;
  area: number;
  /** Its outline on each roof face it covers (model frame). */
  outlines: Vec3[][];
}

/** The PV already mapped on a building, from its node's extras. */
export function existingSolarOf(userData: Record<string, unknown>): ExistingSolar[] {
  return Array.isArray(userData.existingSolar) ? (userData.existingSolar as ExistingSolar[]) : [];
}

/**
 * The panels that do not overlap PV already on the roof (seen from above): new panels go around it.
 */
export function keepExistingSolarFree(panels: PlacedPanel[], existing: ExistingSolar[]): PlacedPanel[] {
  const areas = existing.flatMap((e) => e.outlines).map((outline) => outline.map(([x, , z]) => [x, z] as [number, number]));
  if (areas.length === 0) return panels;
  return panels.filter((panel) => {
    const corners = [-0.5, 0.5].flatMap((a) => [-0.5, 0.5].map((u) => [0, 2].map((k) => panel.centre[k] + panel.across[k] * panel.width * a + panel.up[k] * panel.height * u) as [number, number]));
    const rectangle = [corners[0], corners[2], corners[3], corners[1]];
    return !areas.some((area) => overlap(rectangle, area));
  });
}

/**
 * Whether two outlines seen from above share any area: a corner of one inside the other, or edges
 * crossing (a strip of PV across a panel has neither corner inside the other).
 */
function overlap(a: [number, number][], b: [number, number][]): boolean {
  if (a.some((p) => pointInRing(p, b)) || b.some((p) => pointInRing(p, a))) return true;
  return a.some((p, i) => b.some((q, j) => segmentDistance(p, a[(i + 1) % a.length], q, b[(j + 1) % b.length]) === 0));
}
