/**
 * The Solar Wizard's rules as a library shared by the browser app and the server (no server code, no
 * Node modules): how panels are laid out on roof faces, how their shading is traced over a year, how
 * a face's array is asked for its yield and added up, and what a system costs and returns. The viewer runs them on the model it shows; the
 * roof insights of the partner API run the very same functions on the model's GLB.
 */
export { add, cross, dot, FaceFrame, length, normalise, scale, sub, type RoofSegment, type Vec3 } from './face-frame.ts';
export { DEFAULT_LAYOUT, DEFAULT_PANEL, panelArea, panelEfficiency, type LayoutOptions, type PanelSpec } from './panel-spec.ts';
export { packRectangles, segmentDistance, type Packing, type PlaneRect, type TilingOption } from './rectangle-packing.ts';
export { layoutRoof, type PlacedPanel } from './roof-layout.ts';
export { DEFAULT_DIFFUSE_SHARE, samplePoints, ShadingEngine, type PanelShading, type ShadedSurface } from './shading-engine.ts';
export { clearSkyDni, skyDirections, yearlySunSamples, type SunSample } from './sun-samples.ts';
export { sunDirection, viewHeading, type ModelDirection } from './sun-direction.ts';
export { existingSolarOf, keepExistingSolarFree, type ExistingSolar } from './existing-solar.ts';
export { arrayFigures, faceArray, faceRequest, unshadedYieldPerPanel, type ArrayFigures, type ArrayPanel, type ArraySite, type ArrayYieldResult, type FaceArray, type FaceFigures, type FaceYield, type YieldOf } from './array-yield.ts';
export { DEFAULT_TRACE_BUDGET, shadeRoofs, type InsightBuilding, type RoofShadingOptions, type ShadedRoof } from './roof-insights.ts';
export { financials, type Economics, type Financials } from './economics.ts';
