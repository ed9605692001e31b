import type { BuildingList } from './insights.ts';

/** An answer of `GET /api/v1/models/:id/buildings` for the OpenAPI document (one building shown). */
export const BUILDING_LIST_EXAMPLE: BuildingList = {
  modelId: 'hd_43.7396_7.4276_0.3',
  assumptions: { panel: { widthM: 1.134, lengthM: 1.762, powerW: 440, efficiency: 0.2202 }, setbackM: 0.5, gapM: 0.02, flatRoofTiltDeg: 15, flatRoofBelowDeg: 8, systemLosses: 0.14 },
  buildings: [],
};
