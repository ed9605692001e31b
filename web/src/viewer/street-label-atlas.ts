import { CanvasTexture, SRGBColorSpace } from 'three';

/** Letters are drawn at this pixel size. */
export const FONT_PX = 48;
/** Room around each letter in its cell for its outline, accents above capitals and descenders, pixels. */
const PAD_PX = 8;
/** Height of a cell: the letter's em, accents over capitals (Ä, É, Й) and the padding. */
export const CELL_PX = FONT_PX + 2 * PAD_PX + 16;
const ATLAS_PX = 1024;
const FONT = `600 ${FONT_PX}px system-ui, "Segoe UI", Roboto, "DejaVu Sans", sans-serif`;
/** Width of the dark outline around the white letters, pixels (half of it outside the letter). */
const HALO_PX = 8;

/** Where a letter (or a word drawn whole, see label-units.ts) is in the atlas: its advance and its cell, padding included (texture coordinates). */
export interface Glyph {
  /** Advance of the letter, pixels. */
  advance: number;
  /** Width of its cell, pixels: the advance and the padding on both sides. */
  cell: number;
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/**
 * The letters of a model's street names drawn by the browser (it knows the typefaces of every script, and
 * shapes the words of scripts that join their letters, which come as whole words)
 * into two textures of the same layout: the dark outlines, and the white letters. Drawn as two meshes,
 * every outline lies under every letter, so one letter's outline never covers its neighbour.
 */
export class StreetLabelAtlas {
  readonly glyphs = new Map<string, Glyph>();
  readonly halo: CanvasTexture;
  readonly fill: CanvasTexture;

  /** @param units - the texts' cells (label-units.ts): letters, and words drawn whole */
  constructor(units: Iterable<string>) {
    const [halo, fill] = [canvas(), canvas()];
    const haloContext = context(halo);
    const fillContext = context(fill);
    haloContext.lineWidth = HALO_PX;
    haloContext.lineJoin = 'round';
    haloContext.strokeStyle = 'rgba(40, 40, 40, 0.9)';
    fillContext.fillStyle = '#ffffff';
    let [x, y] = [0, 0];
    for (const unit of units) {
      const advance = Math.ceil(fillContext.measureText(unit).width);
      const cell = advance + 2 * PAD_PX;
      if (x + cell > ATLAS_PX) [x, y] = [0, y + CELL_PX];
      // Letters past the atlas's end (names in very many scripts) stay blank.
      if (y + CELL_PX <= ATLAS_PX) {
        haloContext.strokeText(unit, x + PAD_PX, y + CELL_PX / 2);
        fillContext.fillText(unit, x + PAD_PX, y + CELL_PX / 2);
      }
      this.glyphs.set(unit, { advance, cell, u0: x / ATLAS_PX, u1: (x + cell) / ATLAS_PX, v0: 1 - (y + CELL_PX) / ATLAS_PX, v1: 1 - y / ATLAS_PX });
      x += cell;
    }
    this.halo = texture(halo);
    this.fill = texture(fill);
  }

  dispose(): void {
    this.halo.dispose();
    this.fill.dispose();
  }
}

function canvas(): HTMLCanvasElement {
  const element = document.createElement('canvas');
  element.width = ATLAS_PX;
  element.height = ATLAS_PX;
  return element;
}

function context(element: HTMLCanvasElement): CanvasRenderingContext2D {
  const drawing = element.getContext('2d')!;
  drawing.font = FONT;
  drawing.textBaseline = 'middle';
  return drawing;
}

function texture(element: HTMLCanvasElement): CanvasTexture {
  const made = new CanvasTexture(element);
  made.colorSpace = SRGBColorSpace;
  made.anisotropy = 4;
  return made;
}
