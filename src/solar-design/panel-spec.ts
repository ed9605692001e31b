/** A solar module as the wizard places it. */
export interface PanelSpec {
  /** Short side, metres. */
  width: number;
  /** Long side, metres. */
  length: number;
  /** Rated power, watts (STC). */
  powerW: number;
}

/** How panels are laid out on a roof. */
export interface LayoutOptions {
  /** Clear margin from every edge of a roof face, metres. */
  setback: number;
  /** Gap between neighbouring panels, metres. */
  gap: number;
  /** Tilt of the racks on flat roofs, degrees. */
  flatRoofTiltDeg: number;
  /** Faces flatter than this are flat roofs (panels on racks), degrees. */
  flatRoofBelowDeg: number;
}

/** A common 440 W module (1.134 × 1.762 m, 22 % efficient). */
export const DEFAULT_PANEL: PanelSpec = { width: 1.134, length: 1.762, powerW: 440 };

export const DEFAULT_LAYOUT: LayoutOptions = { setback: 0.5, gap: 0.02, flatRoofTiltDeg: 15, flatRoofBelowDeg: 8 };

/** Module efficiency at STC (1000 W/m²): rated power over area. */
export function panelEfficiency(panel: PanelSpec): number {
  return panel.powerW / (panel.width * panel.length * 1000);
}

/** Area of one module, m². */
export function panelArea(panel: PanelSpec): number {
  return panel.width * panel.length;
}
