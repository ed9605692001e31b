import { Type, type Static } from 'typebox';
import { Latitude, Longitude } from './common.ts';
import { ModelIdParams } from './models.ts';

/** A point of a roof: where it is and how high (above sea level where the model has terrain). */
const Place = Type.Object({ latitude: Latitude, longitude: Longitude, elevationM: Type.Number({ description: 'Metres above sea level where the model has terrain, else above its ground' }) });

const Corners = Type.Array(Type.Array(Type.Number(), { minItems: 3, maxItems: 3 }), { description: 'Corners in order, each [longitude, latitude, elevationM] (GeoJSON order, elevation as in centre)' });

const MonthlyKwh = Type.Array(Type.Number(), { minItems: 12, maxItems: 12, description: 'kWh in each month, January to December' });

/** One planar face of a roof and its sunshine. */
export const RoofSegmentInsight = Type.Object({
  index: Type.Integer({ minimum: 0, description: 'Position of the face in the building’s roof (as the GLB lists it)' }),
  pitchDeg: Type.Number({ minimum: 0, maximum: 90, description: 'Slope from horizontal, degrees' }),
  azimuthDeg: Type.Number({ minimum: 0, maximum: 360, description: 'Direction the face looks to: 0 = north, 90 = east, 180 = south (flat faces: 180)' }),
  areaM2: Type.Number({ minimum: 0, description: 'Area of the sloped face open to the sky (its openings left out), m²' }),
  centre: Place,
  outline: Corners,
  openings: Type.Array(Corners, {
    description: 'Parts of the face no panel may cover, each as its corners: courtyards, and buildings or parts standing on it or reaching over it (such an outline may reach past the face)',
  }),
  annualIrradiationKwhPerM2: Type.Number({ description: 'Yearly irradiation on the face, shading by the model included, kWh/m²' }),
  unshadedIrradiationKwhPerM2: Type.Number({ description: 'The same without shading: the irradiance service’s in-plane figure, kWh/m²' }),
  shadingLoss: Type.Number({ minimum: 0, maximum: 1, description: 'Share of the yearly irradiation lost to terrain, buildings and trees of the model' }),
  panelCount: Type.Integer({ minimum: 0, description: 'Panels of the largest array on this face' }),
  annualKwh: Type.Number({ minimum: 0, description: 'Yearly energy of those panels, kWh' }),
});

/** The most panels the Solar Wizard's layout places on a roof, and what they produce. */
export const PanelArray = Type.Object({
  panelCount: Type.Integer({ minimum: 0 }),
  kwp: Type.Number({ minimum: 0, description: 'Peak power, kW' }),
  annualKwh: Type.Number({ minimum: 0, description: 'Yearly energy after shading and 14 % system losses, kWh' }),
  monthlyKwh: MonthlyKwh,
  specificYield: Type.Number({ minimum: 0, description: 'kWh per kWp' }),
  shadingLoss: Type.Number({ minimum: 0, maximum: 1, description: 'Share of the panels’ energy lost to shading' }),
});

export const BuildingInsight = Type.Object(
  {
    id: Type.String({ description: 'OSM id (`way/123`, `relation/4`) or measured building id (`lod2/<dataset>/<id>`), as in the GLB' }),
    centre: Place,
    roofAreaM2: Type.Number({ minimum: 0 }),
    existingSolarM2: Type.Number({ minimum: 0, description: 'PV already mapped on the roof (OpenStreetMap), m²; the largest array goes around it' }),
    segments: Type.Array(RoofSegmentInsight),
    largestArray: PanelArray,
    irradianceSource: Type.String({ description: 'The irradiance data behind the figures: PVGIS, or the local fallback when PVGIS was unreachable' }),
    fallback: Type.Boolean({ description: 'True when the local fallback replaced PVGIS for any face' }),
  },
  { $id: 'BuildingInsight' },
);
export type BuildingInsight = Static<typeof BuildingInsight>;

/** The panel and the layout rules every figure assumes (the Solar Wizard's defaults). */
export const DesignAssumptions = Type.Object({
  panel: Type.Object({ widthM: Type.Number(), lengthM: Type.Number(), powerW: Type.Number(), efficiency: Type.Number() }),
  setbackM: Type.Number({ description: 'Clear margin from every roof edge' }),
  gapM: Type.Number({ description: 'Gap between panels' }),
  flatRoofTiltDeg: Type.Number({ description: 'Racks on faces flatter than flatRoofBelowDeg are tilted this much toward the equator' }),
  flatRoofBelowDeg: Type.Number(),
  systemLosses: Type.Number({ description: 'Inverter and wiring losses (SPEC.md: 0.14)' }),
});

export const BuildingList = Type.Object(
  {
    modelId: Type.String(),
    assumptions: DesignAssumptions,
    buildings: Type.Array(BuildingInsight),
  },
  { $id: 'BuildingList' },
);
export type BuildingList = Static<typeof BuildingList>;

/** One panel of the largest array. */
export const PanelInsight = Type.Object({
  segmentIndex: Type.Integer({ minimum: 0, description: 'The roof face it lies on (`segments[].index`)' }),
  centre: Place,
  orientation: Type.Enum(['portrait', 'landscape'], { description: 'Long side up the slope (portrait) or across it' }),
  tiltDeg: Type.Number({ description: 'The face’s pitch, or the rack’s tilt on a flat roof' }),
  azimuthDeg: Type.Number(),
  shadingLoss: Type.Number({ minimum: 0, maximum: 1, description: 'Its yearly shading loss (traced, or its nearest traced neighbour’s on the face)' }),
  annualKwh: Type.Number({ minimum: 0, description: 'Its yearly energy: one unshaded panel of its face × (1 − shadingLoss)' }),
});
export type PanelInsight = Static<typeof PanelInsight>;

export const OneBuilding = Type.Object(
  {
    modelId: Type.String(),
    assumptions: DesignAssumptions,
    building: BuildingInsight,
    panels: Type.Array(PanelInsight, { description: 'Every panel of the largest array' }),
  },
  { $id: 'OneBuilding' },
);
export type OneBuilding = Static<typeof OneBuilding>;

export const BuildingParams = Type.Object({
  id: ModelIdParams.properties.id,
  buildingId: Type.String({ maxLength: 200, pattern: '^(way|relation|lod2)/\\S+$', description: 'Building id with its slash URL-encoded, e.g. `way%2F94252435`' }),
});
