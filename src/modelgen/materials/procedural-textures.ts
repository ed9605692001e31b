import type { FacadeLayout, TextureName } from './texture-names.ts';

/** An RGB image, row 0 at the top, 0–1 per channel (the material's colour multiplies it). */
export interface Pixels {
  size: number;
  rgb: Float32Array;
}

/** Side of the ground and roof textures, and of wall and facade textures (one bay by one storey), pixels. */
const SIZE = 128;
const WALL_SIZE = 256;
const WALL_TEXTURES = new Set<TextureName>(['plaster', 'brick', 'stone', 'concrete', 'wood', 'glass', 'metal_seams']);

/**
 * Draws a tiling texture from a few lines of arithmetic and seeded noise (no images are copied): the
 * pattern of a roof covering, a wall, a street or a lawn as light and dark around a mean near 0.85, so
 * the material's base colour sets its tone. `facade` overlays the storey's windows or shop front on a
 * wall texture (which then spans one bay by one storey).
 */
export function drawTexture(name: TextureName, facade: FacadeLayout = 'plain'): Pixels {
  const size = WALL_TEXTURES.has(name) || facade !== 'plain' ? WALL_SIZE : SIZE;
  const rgb = new Float32Array(size * size * 3);
  const shade = SHADERS[name];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let c = shade(x / size, y / size, size);
      if (facade !== 'plain') c = overlay(facade, x / size, y / size, c);
      const i = 3 * (y * size + x);
      if (typeof c === 'number') rgb[i] = rgb[i + 1] = rgb[i + 2] = c;
      else [rgb[i], rgb[i + 1], rgb[i + 2]] = c;
    }
  }
  return { size, rgb };
}

type Colour = number | [number, number, number];
type Shader = (u: number, v: number, size: number) => Colour;

const SHADERS: Record<TextureName, Shader> = {
  // 1.2 m: four courses of 0.3 m, six tiles across, each course in the shadow of the one above.
  roof_tiles: (u, v) => {
    const row = Math.floor(v * 4);
    const fy = v * 4 - row;
    const x = u * 6 + (row % 2) * 0.5;
    const col = Math.floor(x);
    const fx = x - col;
    const curve = 0.88 + 0.12 * Math.sin(Math.PI * fx);
    const lip = 0.55 + 0.45 * smooth(0, 0.3, fy);
    return clamp(curve * lip * (0.92 + 0.16 * hash(col % 6, row)) + 0.05 * noise(u, v, 32, 3) - 0.02);
  },
  // 1.2 m: eight courses of staggered slates with dark joints.
  slate: (u, v, size) => {
    const row = Math.floor(v * 8);
    const x = u * 4 + (row % 2) * 0.5;
    const col = Math.floor(x);
    const joint = edge(x - col, 1.5 / (size / 4)) * edge(v * 8 - row, 1.5 / (size / 8));
    return clamp((0.78 + 0.16 * hash(col % 4, row)) * (0.5 + 0.5 * joint) * (0.85 + 0.25 * smooth(0, 0.4, v * 8 - row)) + 0.04 * noise(u, v, 16, 5));
  },
  // 2.4 m: four standing seams along the slope, streaked pans.
  metal_seams: (u, v) => {
    const fx = (u * 4) % 1;
    const seam = fx < 0.03 ? 1.08 : fx < 0.06 ? 0.7 : 1;
    return clamp((0.84 + 0.06 * noise(u * 8, v * 0.5, 8, 11)) * seam);
  },
  // 2 m: two modules of 1 × 2 m side by side in light frames, each 6 × 10 dark cells between light gaps.
  pv_modules: (u, v, size) => {
    const across = (u * 2) % 1;
    if (Math.min(edge(across, 2 / (size / 2)), edge(v, 2 / size)) < 1) return 1.12;
    const gap = Math.min(edge((across * 6) % 1, 1 / (size / 12)), edge((v * 10) % 1, 1 / (size / 10)));
    return clamp((gap < 1 ? 0.95 : 0.62) + 0.03 * noise(u, v, 16, 89));
  },
  gravel: (u, v) => clamp(0.84 + 0.16 * noise(u, v, 64, 7) + 0.14 * (hash(Math.floor(u * 128), Math.floor(v * 128)) - 0.5)),
  concrete: (u, v, size) => clamp((0.84 + 0.08 * noise(u, v, 8, 13) + 0.04 * noise(u, v, 64, 17)) * (0.8 + 0.2 * edge((u * 2) % 1, 1 / size) * edge((v * 2) % 1, 1 / size))),
  thatch: (u, v) => clamp(0.72 + 0.2 * noise(u * 16, v, 16, 19) + 0.08 * noise(u, v, 8, 23)),
  plaster: (u, v) => clamp(0.9 + 0.05 * noise(u, v, 8, 29) + 0.025 * noise(u, v, 64, 31)),
  // 3 m: 12 bricks across, 40 courses, light mortar.
  brick: (u, v, size) => {
    const row = Math.floor(v * 40);
    const x = u * 12 + (row % 2) * 0.5;
    const col = Math.floor(x);
    const mortar = Math.min(edge(x - col, 1.2 / (size / 12)), edge(v * 40 - row, 1.2 / (size / 40)));
    const brick = 0.78 + 0.2 * hash(col % 12, row) + 0.04 * noise(u, v, 32, 37);
    return clamp(mortar < 1 ? 1.15 : brick);
  },
  // 3 m: ashlar blocks of 0.6 × 0.3 m.
  stone: (u, v, size) => {
    const row = Math.floor(v * 10);
    const x = u * 5 + (row % 2) * 0.5;
    const col = Math.floor(x);
    const joint = Math.min(edge(x - col, 1.2 / (size / 5)), edge(v * 10 - row, 1.2 / (size / 10)));
    return clamp((0.84 + 0.12 * hash(col % 5, row) + 0.06 * noise(u, v, 32, 41)) * (0.75 + 0.25 * joint));
  },
  // 3 m: vertical boards of 0.15 m with grain.
  wood: (u, v, size) => {
    const col = Math.floor(u * 20);
    const gap = edge(u * 20 - col, 1 / (size / 20));
    return clamp((0.78 + 0.16 * hash(col, 3) + 0.08 * noise(u * 4, v * 0.25, 4, 43)) * (0.6 + 0.4 * gap));
  },
  // One bay by one storey of a curtain wall: two panes with mullions, the sky reflected.
  glass: (u, v, size) => {
    const mullion = Math.min(edge((u * 2) % 1, 2 / size), edge(v, 3 / size));
    if (mullion < 1) return 0.95;
    const sky = 0.42 + 0.3 * (1 - v) + 0.1 * Math.sin((u + v) * 3);
    return [sky * 0.85, sky * 0.95, sky * 1.08];
  },
  grass: (u, v) => clamp(0.8 + 0.12 * noise(u, v, 8, 47) + 0.1 * noise(u, v, 64, 53) - 0.05 * hash(Math.floor(u * 128), Math.floor(v * 128))),
  forest_floor: (u, v) => clamp(0.72 + 0.22 * noise(u, v, 16, 59) + 0.08 * noise(u, v, 64, 61)),
  asphalt: (u, v) => clamp(0.84 + 0.06 * noise(u, v, 16, 67) + 0.12 * (hash(Math.floor(u * 128), Math.floor(v * 128) + 7) - 0.5)),
  // 2 m: 0.5 m slabs.
  paving: (u, v, size) => {
    const [cx, cy] = [Math.floor(u * 4), Math.floor(v * 4)];
    const joint = Math.min(edge(u * 4 - cx, 1 / (size / 4)), edge(v * 4 - cy, 1 / (size / 4)));
    return clamp((0.85 + 0.1 * hash(cx, cy) + 0.04 * noise(u, v, 32, 71)) * (0.72 + 0.28 * joint));
  },
  water: (u, v) => clamp(0.82 + 0.08 * Math.sin(2 * Math.PI * (u * 3 + noise(u, v, 4, 73) * 1.5)) * Math.sin(2 * Math.PI * (v * 2 + u)) + 0.06 * noise(u, v, 16, 79)),
  sand: (u, v) => clamp(0.88 + 0.06 * noise(u, v, 8, 83) + 0.08 * (hash(Math.floor(u * 128), Math.floor(v * 128) + 11) - 0.5)),
};

/** A storey's window (1.2 m wide, sill at 0.9 m) or shop window on a wall pattern. */
const SHOP_WINDOW = { x0: 0.06, x1: 0.94, y0: 0.3, y1: 0.98 };
const WINDOW = { x0: 0.3, x1: 0.7, y0: 0.2, y1: 0.68 };

function overlay(layout: FacadeLayout, u: number, v: number, wall: Colour): Colour {
  const rect = layout === 'shop' ? SHOP_WINDOW : WINDOW;
  if (layout === 'shop' && v > 0.1 && v < 0.24) return [0.32, 0.3, 0.3]; // fascia for the shop's sign
  const frame = 0.018;
  const inside = u > rect.x0 && u < rect.x1 && v > rect.y0 && v < rect.y1;
  if (!inside) {
    const sill = layout === 'windows' && u > rect.x0 - 0.03 && u < rect.x1 + 0.03 && v >= rect.y1 && v < rect.y1 + 0.035;
    return sill ? 1.1 : wall;
  }
  const inFrame = u < rect.x0 + frame || u > rect.x1 - frame || v < rect.y0 + frame * 1.5 || v > rect.y1 - frame * 1.5;
  const mullion = Math.abs(u - (rect.x0 + rect.x1) / 2) < frame / 2 || (layout === 'windows' && Math.abs(v - (rect.y0 + (rect.y1 - rect.y0) * 0.3)) < frame / 2);
  if (inFrame || mullion) return 1.12;
  // Glass: dark, the sky reflected more towards the top, a shadow under the lintel.
  const t = (v - rect.y0) / (rect.y1 - rect.y0);
  const reflect = 0.2 + 0.16 * (1 - t) + 0.06 * Math.sin((u + v) * 9);
  const lintel = t < 0.12 ? 0.7 : 1;
  return [reflect * 0.8 * lintel, reflect * 0.9 * lintel, reflect * 1.05 * lintel];
}

/** 0 on a joint `width` wide at both ends of [0, 1), 1 elsewhere. */
function edge(f: number, width: number): number {
  return f < width || f > 1 - width ? 0 : 1;
}

function smooth(a: number, b: number, x: number): number {
  const t = clamp((x - a) / (b - a), 0, 1);
  return t * t * (3 - 2 * t);
}

function clamp(x: number, lo = 0, hi = 1.15): number {
  return Math.min(Math.max(x, lo), hi);
}

/** Deterministic hash of two integers to [0, 1). */
function hash(x: number, y: number): number {
  let h = Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise on a `period`-cell lattice that wraps at u, v = 1 (so the texture tiles), −0.5 to 0.5. */
function noise(u: number, v: number, period: number, seed: number): number {
  // Scalars only (no arrays or closures per call): a wall texture calls this a few hundred thousand times.
  const x = u * period;
  const y = v * period;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i0 = wrap(x0, period) + seed * 1013;
  const i1 = wrap(x0 + 1, period) + seed * 1013;
  const j0 = wrap(y0, period) + seed * 7919;
  const j1 = wrap(y0 + 1, period) + seed * 7919;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const top = hash(i0, j0) * (1 - sx) + hash(i1, j0) * sx;
  const bottom = hash(i0, j1) * (1 - sx) + hash(i1, j1) * sx;
  return top * (1 - sy) + bottom * sy - 0.5;
}

/** A lattice index wrapped into 0 … period − 1. */
function wrap(i: number, period: number): number {
  return ((i % period) + period) % period;
}
