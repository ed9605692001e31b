/**
 * The irradiance library for Node (no server code): PVGIS, its cache in front of any store, the local
 * fallback and the sun's position. The browser app uses `browser.ts`, a part of this.
 */
export * from './browser.ts';
export { IrradianceRejectedError, IrradianceUnavailableError, type IrradianceProvider } from './irradiance-provider.ts';
export { PvgisClient, PVGIS_SOURCE, type PvgisClientOptions } from './pvgis-client.ts';
export { gridNodes, ORIENTATION_GRID, OrientationGridIrradiance, type GridNode, type OrientationGrid } from './orientation-grid.ts';
export { CACHED_IRRADIANCE_DEFAULTS, CachedIrradianceProvider, type CachedIrradianceOptions, type IrradianceCacheStore } from './cached-irradiance.ts';
/** Distance between two places on the globe, km (the climate table's neighbours; how far an agent's roof point lies). */
export { greatCircleKm } from './great-circle.ts';
