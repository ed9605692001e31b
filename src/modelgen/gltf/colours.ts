import cssColours from 'color-name';

/**
 * The CSS colour names mappers use most for `building:colour` and `roof:colour`, toned down as walls and
 * roofs look (a wall tagged `red` is brick red, not #ff0000); any other CSS name is taken as CSS defines it.
 */
const NAMED: Record<string, string> = {
  white: '#f2f2f0', black: '#2b2b2b', grey: '#9a9a9a', gray: '#9a9a9a', darkgrey: '#5e5e5e', darkgray: '#5e5e5e', lightgrey: '#cfcfcf', lightgray: '#cfcfcf',
  silver: '#c0c0c0', red: '#b03a2e', darkred: '#7a2a22', brown: '#7b4f32', maroon: '#6e2c23', beige: '#e3d6b8', tan: '#d2b48c', yellow: '#e8cf5a',
  orange: '#d9822b', pink: '#e8b4b8', green: '#5a8a4a', darkgreen: '#3c5e32', blue: '#4a6fa5', lightblue: '#a9c4e0', cream: '#f3ecd2', ivory: '#f5f1e3',
  sandybrown: '#d9a066', terracotta: '#c4623e', gold: '#c9a640', olive: '#7d7a3a',
};

/** Default colours: plaster walls, and roofs by shape (tiled pitched roofs, grey flat roofs). */
export const WALL_COLOUR: [number, number, number] = [0.86, 0.83, 0.78];
export const FLAT_ROOF_COLOUR: [number, number, number] = [0.62, 0.62, 0.6];
export const PITCHED_ROOF_COLOUR: [number, number, number] = [0.62, 0.33, 0.24];

/**
 * An OSM colour value (`#rgb`, `#rrggbb` or a CSS name, written `light grey`, `light_grey` or `lightgrey`;
 * of a list such as `beige;brown`, the first) as 0–1 RGB, or undefined when unreadable.
 */
export function parseColour(value: string | undefined): [number, number, number] | undefined {
  const first = value?.split(';')[0].trim().toLowerCase();
  if (!first) return undefined;
  const name = first.replace(/[\s_-]+/g, '');
  const css = Object.hasOwn(cssColours, name) ? `#${cssColours[name].map((c) => c.toString(16).padStart(2, '0')).join('')}` : undefined;
  let hex = (Object.hasOwn(NAMED, name) ? NAMED[name] : undefined) ?? css ?? first;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(hex);
  if (short) hex = `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(hex);
  if (!long) return undefined;
  return [1, 2, 3].map((i) => Number.parseInt(long[i], 16) / 255) as [number, number, number];
}
