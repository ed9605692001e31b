import type { BuildingInsight, PanelInsight } from '../contract/insights.ts';
import { computeSolarYield, SYSTEM_LOSSES } from '../domain/solar-yield.ts';
import { fallbackIrradiation, IrradianceRejectedError, IrradianceUnavailableError, type IrradianceProvider, type PlaneIrradiation, type PlaneQuery } from '../irradiance/index.ts';
import type { SlimRoof } from '../jobs/roof-shading-pool.ts';
import { LocalFrame } from '../modelgen/browser.ts';
import { arrayFigures, DEFAULT_LAYOUT, DEFAULT_PANEL, faceRequest, panelEfficiency, unshadedYieldPerPanel, type RoofSegment, type YieldOf } from '../solar-design/index.ts';

/** The model's frame: where its origin is (GLB `asset.extras.origin`, else the model's centre). */
export interface ModelOrigin {
  latitude: number;
  longitude: number;
  elevation: number;
}

/** A plane's irradiation, and whether the local fallback gave it. */
type PlaneAnswer = { irradiation: PlaneIrradiation; fallback: boolean };

/**
 * Irradiance for one model's figures, asked once per plane: the provider (PVGIS behind its cache), or
 * the project's local fallback when PVGIS cannot be reached — the rule the wizard follows when
 * `POST /api/solar/calculate` answers 503 — or cannot serve the point.
 */
export function planeIrradiance(provider: IrradianceProvider): (query: PlaneQuery) => Promise<PlaneAnswer> {
  const asked = new Map<string, Promise<PlaneAnswer>>();
  return (query) => {
    const key = `${query.latitude}_${query.longitude}_${query.tiltDeg}_${query.azimuthDeg}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = provider.irradiation(query).then(
        (irradiation) => ({ irradiation, fallback: false }),
        (error: unknown) => {
          if (error instanceof IrradianceUnavailableError || error instanceof IrradianceRejectedError) return { irradiation: fallbackIrradiation(query), fallback: true };
          throw error;
        },
      );
      asked.set(key, answer);
    }
    return answer;
  };
}

/** The yield of a face's array exactly as `POST /api/solar/calculate` (or the wizard's fallback) computes it. */
export function yieldFrom(plane: (query: PlaneQuery) => Promise<PlaneAnswer>): YieldOf {
  return async (array) => {
    const request = faceRequest(array);
    const { irradiation, fallback } = await plane(request);
    return { result: computeSolarYield(request, irradiation), fallback };
  };
}

/** A plane's query as the yield of a face's array asks it (`faceRequest`'s rounding). */
function planeQuery(site: { latitude: number; longitude: number }, tiltDeg: number, azimuthDeg: number): PlaneQuery {
  const request = faceRequest({ ...site, tiltDeg, azimuthDeg, panelAreaM2: 0, panelEfficiency: 0, shadingLossFraction: 0 });
  return { latitude: request.latitude, longitude: request.longitude, tiltDeg: request.tiltDeg, azimuthDeg: request.azimuthDeg };
}

/**
 * Every plane a model's figures ask irradiance for: each roof face's own (panels flush on pitched faces
 * share it) and the racks' on flat roofs.
 */
export function facePlanes(segments: RoofSegment[], site: { latitude: number; longitude: number }): PlaneQuery[] {
  const racks = planeQuery(site, DEFAULT_LAYOUT.flatRoofTiltDeg, site.latitude >= 0 ? 180 : 0);
  return [racks, ...segments.map((segment) => planeQuery(site, segment.pitch, segment.azimuth))];
}

/** The panel and layout every figure assumes. */
export const ASSUMPTIONS = {
  panel: { widthM: DEFAULT_PANEL.width, lengthM: DEFAULT_PANEL.length, powerW: DEFAULT_PANEL.powerW, efficiency: round(panelEfficiency(DEFAULT_PANEL), 4) },
  setbackM: DEFAULT_LAYOUT.setback,
  gapM: DEFAULT_LAYOUT.gap,
  flatRoofTiltDeg: DEFAULT_LAYOUT.flatRoofTiltDeg,
  flatRoofBelowDeg: DEFAULT_LAYOUT.flatRoofBelowDeg,
  systemLosses: SYSTEM_LOSSES,
};

/**
 * A shaded roof's figures: each face's irradiation with and without shading, and the largest array
 * (every panel the layout placed) added up by the wizard's own `arrayFigures`.
 */
export async function buildingFigures(roof: SlimRoof, site: { latitude: number; longitude: number }, origin: ModelOrigin, plane: (query: PlaneQuery) => Promise<PlaneAnswer>): Promise<{ building: BuildingInsight; panels: PanelInsight[] }> {
  const designSite = { ...site, panel: DEFAULT_PANEL };
  const yieldOf = yieldFrom(plane);
  const unshaded = await unshadedYieldPerPanel(designSite, roof.panels, yieldOf);
  const figures = await arrayFigures(designSite, roof.panels, roof.losses, roof.panels.map((_, i) => i), unshaded, yieldOf);
  const frame = new LocalFrame(origin.latitude, origin.longitude);
  const place = ([x, y, z]: [number, number, number]) => {
    const [longitude, latitude] = frame.toLonLat([x, -z]);
    return { latitude: round(latitude, 7), longitude: round(longitude, 7), elevationM: round(y + origin.elevation, 2) };
  };
  const corner = (point: [number, number, number]): number[] => {
    const { longitude, latitude, elevationM } = place(point);
    return [longitude, latitude, elevationM];
  };
  let fallback = figures.fallback;
  let source = figures.source;
  const segments = await Promise.all(
    roof.segments.map(async (segment, index) => {
      const answer = await plane(planeQuery(site, segment.pitch, segment.azimuth));
      fallback ||= answer.fallback;
      source ||= answer.irradiation.source;
      const onFace = figures.faces.find((face) => face.face === index);
      const loss = roof.faceLosses[index] ?? 0;
      return {
        index,
        pitchDeg: segment.pitch,
        azimuthDeg: segment.azimuth,
        areaM2: segment.area,
        centre: place(middle(segment)),
        outline: segment.outline.map(corner),
        openings: (segment.holes ?? []).map((hole) => hole.map(corner)),
        annualIrradiationKwhPerM2: round(answer.irradiation.annualGti * (1 - loss), 1),
        unshadedIrradiationKwhPerM2: round(answer.irradiation.annualGti, 1),
        shadingLoss: round(loss, 4),
        panelCount: onFace?.panelCount ?? 0,
        annualKwh: onFace?.annualKwh ?? 0,
      };
    }),
  );
  const roofArea = roof.segments.reduce((sum, segment) => sum + segment.area, 0);
  const centre = [0, 1, 2].map((k) => roof.segments.reduce((sum, segment) => sum + middle(segment)[k] * segment.area, 0) / (roofArea || 1)) as [number, number, number];
  const panels = roof.panels.map((panel, i): PanelInsight => ({
    segmentIndex: panel.face,
    centre: place(panel.centre),
    orientation: panel.orientation === 'landscape' ? 'landscape' : 'portrait',
    tiltDeg: panel.tiltDeg,
    azimuthDeg: panel.azimuthDeg,
    shadingLoss: round(roof.losses[i], 4),
    annualKwh: round(unshaded.get(panel.face)! * (1 - roof.losses[i]), 1),
  }));
  const building: BuildingInsight = {
    id: roof.id,
    centre: place(centre),
    roofAreaM2: round(roofArea, 2),
    existingSolarM2: round(roof.existingSolarM2, 2),
    segments,
    largestArray: {
      panelCount: figures.panelCount,
      kwp: figures.kwp,
      annualKwh: figures.annualKwh,
      monthlyKwh: figures.monthlyKwh,
      specificYield: figures.kwp > 0 ? round(figures.annualKwh / figures.kwp, 0) : 0,
      shadingLoss: round(figures.shadingLoss, 4),
    },
    irradianceSource: source,
    fallback,
  };
  return { building, panels };
}

/** The mean of a face's corners. */
function middle(segment: RoofSegment): [number, number, number] {
  const n = segment.outline.length || 1;
  return [0, 1, 2].map((k) => segment.outline.reduce((sum, point) => sum + point[k], 0) / n) as [number, number, number];
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
