/** How far panels cover the 3D view from each edge, in CSS pixels. */
export interface Insets {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const NO_INSETS: Insets = { left: 0, right: 0, top: 0, bottom: 0 };
/** The view keeps at least this share of each direction uncovered, however large the panels. */
const KEEP_VISIBLE = 0.3;

/**
 * The edges of the stage that panels lying over it cover: a panel as wide as most of the stage is a
 * sheet at the top or the bottom, a tall narrow one a side panel, anything else covers the nearer of
 * top and bottom. Hidden panels (an empty rectangle) cover nothing.
 */
export function coveredInsets(stage: DOMRectReadOnly, panels: DOMRectReadOnly[]): Insets {
  const insets = { ...NO_INSETS };
  for (const panel of panels) {
    if (panel.width === 0 || panel.height === 0) continue;
    const lowerHalf = panel.top + panel.height / 2 > stage.top + stage.height / 2;
    if (panel.width < stage.width * 0.6 && panel.height >= stage.height * 0.5) {
      if (panel.left + panel.width / 2 < stage.left + stage.width / 2) insets.left = Math.max(insets.left, panel.right - stage.left);
      else insets.right = Math.max(insets.right, stage.right - panel.left);
    } else if (lowerHalf) {
      insets.bottom = Math.max(insets.bottom, stage.bottom - panel.top);
    } else {
      insets.top = Math.max(insets.top, panel.bottom - stage.top);
    }
  }
  const limit = (value: number, size: number) => Math.min(Math.max(value, 0), size * (1 - KEEP_VISIBLE));
  return {
    left: limit(insets.left, stage.width / 2),
    right: limit(insets.right, stage.width / 2),
    top: limit(insets.top, stage.height / 2),
    bottom: limit(insets.bottom, stage.height / 2),
  };
}

/**
 * The edges of the view that the page's panels cover, so that what the visitor looks at is drawn in the
 * rest: the Solar Wizard's panel (a side panel, or a sheet on a phone) while it is open, and the time
 * controls.
 */
export function panelInsets(document: Document): Insets {
  const panels = ['side-panel', 'time-panel'].map((id) => document.getElementById(id)?.getBoundingClientRect() ?? new DOMRect());
  return coveredInsets(document.getElementById('stage')!.getBoundingClientRect(), panels);
}

/**
 * How far the controls lying over the view reach in from its edges (CSS pixels): the address search at
 * the top, the toolbar on the right, the time controls below.
 */
export function controlMargins(document: Document): Insets {
  const stage = document.getElementById('stage')!.getBoundingClientRect();
  const shown = (id: string) => {
    const box = document.getElementById(id)?.getBoundingClientRect();
    return box && box.width > 0 && box.height > 0 ? box : undefined;
  };
  const [search, toolbar, time] = [shown('place-search'), shown('toolbar'), shown('time-panel')];
  return {
    left: 0,
    right: toolbar ? Math.max(0, stage.right - toolbar.left) : 0,
    top: search ? Math.max(0, search.bottom - stage.top) : 0,
    bottom: time ? Math.max(0, stage.bottom - time.top) : 0,
  };
}
