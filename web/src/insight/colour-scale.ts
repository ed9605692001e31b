import { Color } from 'three';

/** Dark violet for little sun through magenta and orange to yellow for the most, as sunlight maps read. */
const STOPS = ['#1e1b4b', '#6d28d9', '#db2777', '#f97316', '#fde047'].map((hex) => new Color(hex));

/** The heatmap colour of a share 0–1 of the scale (clamped). */
export function heatColour(share: number, target = new Color()): Color {
  const t = Math.min(Math.max(share, 0), 1) * (STOPS.length - 1);
  const i = Math.min(Math.floor(t), STOPS.length - 2);
  return target.copy(STOPS[i]).lerp(STOPS[i + 1], t - i);
}

/** The same scale as a CSS gradient, for the legend. */
export function heatGradient(): string {
  return `linear-gradient(to right, ${STOPS.map((colour) => `#${colour.getHexString()}`).join(', ')})`;
}
