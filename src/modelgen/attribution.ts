/** OpenStreetMap's credit: every model carries it (its buildings, roads and ground come from OpenStreetMap). */
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors (ODbL 1.0)';
