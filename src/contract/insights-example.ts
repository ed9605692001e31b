import type { BuildingList, PanelInsight } from './insights.ts';

/**
 * An answer of `GET /api/v1/models/:id/buildings` for the OpenAPI document: one house of the Vaduz
 * 0.3 km model (its south face already carries mapped PV, so the new array lies on the north face),
 * with irradiance from the local fallback (the answer says so).
 */
export const BUILDING_LIST_EXAMPLE: BuildingList = {
  modelId: 'hd_47.141_9.5209_0.3',
  assumptions: { panel: { widthM: 1.134, lengthM: 1.762, powerW: 440, efficiency: 0.2202 }, setbackM: 0.5, gapM: 0.02, flatRoofTiltDeg: 15, flatRoofBelowDeg: 8, systemLosses: 0.14 },
  buildings: [
    {
      id: 'way/364547209',
      centre: { latitude: 47.1408672, longitude: 9.5172893, elevationM: 8.02 },
      roofAreaM2: 137.08,
      existingSolarM2: 27.7,
      segments: [
        {
          index: 0,
          pitchDeg: 30,
          azimuthDeg: 12.42,
          areaM2: 68.55,
          centre: { latitude: 47.1408978, longitude: 9.5172993, elevationM: 8.02 },
          outline: [
            [9.5172544, 47.1409367, 6],
            [9.5172345, 47.1408754, 10.03],
            [9.5173441, 47.140859, 10.03],
            [9.517364, 47.1409203, 6]
          ],
          openings: [],
          annualIrradiationKwhPerM2: 834.7,
          unshadedIrradiationKwhPerM2: 843.4,
          shadingLoss: 0.0102,
          panelCount: 18,
          annualKwh: 5685.7
        },
        {
          index: 1,
          pitchDeg: 30,
          azimuthDeg: 192.42,
          areaM2: 68.53,
          centre: { latitude: 47.1408366, longitude: 9.5172794, elevationM: 8.02 },
          outline: [
            [9.5172345, 47.1408754, 10.03],
            [9.5172147, 47.1408142, 6.01],
            [9.5173243, 47.1407977, 6],
            [9.5173441, 47.140859, 10.03]
          ],
          openings: [],
          annualIrradiationKwhPerM2: 1418.5,
          unshadedIrradiationKwhPerM2: 1448.6,
          shadingLoss: 0.0208,
          panelCount: 0,
          annualKwh: 0
        }
      ],
      largestArray: {
        panelCount: 18,
        kwp: 7.92,
        annualKwh: 5685.7,
        monthlyKwh: [97.2, 134.4, 345.6, 616.1, 896.1, 991.5, 1006.2, 770.9, 443.4, 191.1, 106.2, 87],
        specificYield: 718,
        shadingLoss: 0.0102
      },
      irradianceSource: 'local-fallback (monthly clearness index, Erbs diffuse, HDKR sky)',
      fallback: true
    },
  ],
};

/** The first three of that house's 18 panels, as `GET /api/v1/models/:id/buildings/:buildingId` lists them. */
export const PANELS_EXAMPLE: PanelInsight[] = [
  {
    segmentIndex: 0,
    centre: { latitude: 47.1409094, longitude: 9.5173422, elevationM: 7 },
    orientation: 'portrait',
    tiltDeg: 30,
    azimuthDeg: 12.42,
    shadingLoss: 0.0102,
    annualKwh: 315.8
  },
  {
    segmentIndex: 0,
    centre: { latitude: 47.1409117, longitude: 9.5173273, elevationM: 7 },
    orientation: 'portrait',
    tiltDeg: 30,
    azimuthDeg: 12.42,
    shadingLoss: 0.0102,
    annualKwh: 315.8
  },
  {
    segmentIndex: 0,
    centre: { latitude: 47.1409139, longitude: 9.5173124, elevationM: 7 },
    orientation: 'portrait',
    tiltDeg: 30,
    azimuthDeg: 12.42,
    shadingLoss: 0.0102,
    annualKwh: 315.8
  }
];
