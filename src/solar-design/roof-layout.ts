import type { Point2 } from '../modelgen/browser.ts';
import { add, cross, dot, FaceFrame, normalise, scale, type RoofSegment, type Vec3 } from './face-frame.ts';
import { DEFAULT_LAYOUT, DEFAULT_PANEL, type LayoutOptions, type PanelSpec } from './panel-spec.ts';
import { packRectangles, type TilingOption } from './rectangle-packing.ts';
import type { ShadedSurface } from './shading-engine.ts';

/** A panel placed on a roof, in the model's frame (+X east, +Y up, +Z south). */
export interface PlacedPanel extends ShadedSurface {
  /** Index of the roof face it sits on. */
  face: number;
  tiltDeg: number;
  azimuthDeg: number;
  /** `portrait` or `landscape` (long side up the slope or across). */
  orientation: string;
}

/** Height of the panels above a pitched roof (mounting rails), metres. */
const MOUNT_HEIGHT = 0.1;
const RADIANS = Math.PI / 180;
const WORLD_UP: Vec3 = [0, 1, 0];

/**
 * Lays panels out on every face of a roof. Pitched faces get panels flush with the roof, portrait or
 * landscape, whichever (with the best grid offset) fits more. Flat faces get racks tilted toward the
 * equator, rows spaced so that one row does not shade the next at noon on the winter solstice.
 * Facets of roofs curved both ways (domes, onions) get none.
 *
 * @param latitude - of the site, degrees (which way is the equator, how low the winter sun is)
 */
export function layoutRoof(segments: RoofSegment[], latitude: number, panel: PanelSpec = DEFAULT_PANEL, options: LayoutOptions = DEFAULT_LAYOUT): PlacedPanel[] {
  const towardEquator: Vec3 = latitude >= 0 ? [0, 0, 1] : [0, 0, -1];
  const panels: PlacedPanel[] = [];
  segments.forEach((segment, face) => {
    // A dome's facets only approximate its curve: panels are flat, and none is mounted on one.
    if (segment.outline.length < 3 || segment.curved) return;
    const racks = segment.pitch < options.flatRoofBelowDeg;
    // Rack rows run across the way to the equator, whichever way a gently sloping face falls.
    const frame = new FaceFrame(segment, towardEquator, racks);
    const ring = frame.ring(segment);
    const holes = frame.holes(segment);
    if (racks) panels.push(...rackPanels(frame, ring, holes, face, latitude, towardEquator, panel, options));
    else panels.push(...flushPanels(frame, ring, holes, face, segment, panel, options));
  });
  return panels;
}

function flushPanels(frame: FaceFrame, ring: Point2[], holes: Point2[][], face: number, segment: RoofSegment, panel: PanelSpec, options: LayoutOptions): PlacedPanel[] {
  const { width: w, length: l } = panel;
  const tilings: TilingOption[] = [
    { width: w, height: l, columnPitch: w + options.gap, rowPitch: l + options.gap, label: 'portrait' },
    { width: l, height: w, columnPitch: l + options.gap, rowPitch: w + options.gap, label: 'landscape' },
  ];
  const packing = packRectangles(ring, options.setback, tilings, holes);
  if (!packing) return [];
  return packing.rects.map((rect) => ({
    face,
    centre: frame.toWorld([rect.u + rect.width / 2, rect.v + rect.height / 2], MOUNT_HEIGHT),
    normal: frame.normal,
    across: frame.u,
    up: frame.v,
    width: rect.width,
    height: rect.height,
    tiltDeg: segment.pitch,
    azimuthDeg: segment.azimuth,
    orientation: packing.option.label,
  }));
}

/**
 * Panels on racks on a flat face. A rack row of panels with side `l` up the rack, tilted β, covers
 * l·cos β of roof and casts a shadow l·sin β / tan α long at the winter-solstice noon elevation α.
 */
function rackPanels(frame: FaceFrame, ring: Point2[], holes: Point2[][], face: number, latitude: number, towardEquator: Vec3, panel: PanelSpec, options: LayoutOptions): PlacedPanel[] {
  const tilt = options.flatRoofTiltDeg * RADIANS;
  const winterNoon = Math.max(90 - Math.abs(latitude) - 23.44, 10) * RADIANS;
  const tilings: TilingOption[] = [[panel.width, panel.length, 'portrait'] as const, [panel.length, panel.width, 'landscape'] as const].map(([across, along, label]) => {
    const depth = along * Math.cos(tilt);
    const shadow = (along * Math.sin(tilt)) / Math.tan(winterNoon);
    return { width: across, height: depth, columnPitch: across + options.gap, rowPitch: depth + Math.max(shadow, options.gap), label };
  });
  const packing = packRectangles(ring, options.setback, tilings, holes);
  if (!packing) return [];
  // The rack's tilt is toward the equator from the level, not from the face (which may slope up to
  // flatRoofBelowDeg any way): the panel rises from its equator side toward the pole.
  const normal = normalise(add(scale(WORLD_UP, Math.cos(tilt)), scale(towardEquator, Math.sin(tilt))));
  const up = normalise(cross(frame.u, normal));
  const across = normalise(cross(normal, up));
  const along = packing.option.label === 'portrait' ? panel.length : panel.width;
  const width = packing.option.width;
  // The rack lifts the panel's lowest corner the mounting height off the face (on a level face: its
  // equator edge; on a sloping one, the corner nearest the roof).
  const lowest = Math.min(...[-0.5, 0.5].flatMap((a) => [-0.5, 0.5].map((b) => dot(add(scale(across, width * a), scale(up, along * b)), frame.normal))));
  return packing.rects.map((rect) => {
    const base = frame.toWorld([rect.u + rect.width / 2, rect.v + rect.height / 2], MOUNT_HEIGHT - lowest);
    return {
      face,
      centre: base,
      normal,
      across,
      up,
      width: rect.width,
      height: along,
      tiltDeg: options.flatRoofTiltDeg,
      azimuthDeg: latitude >= 0 ? 180 : 0,
      orientation: packing.option.label,
    };
  });
}
