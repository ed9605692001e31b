/**
 * The roof builder for the browser, as a module of its own: the page loads it (the generator's roof
 * builders, meshes and texture coordinates) only when a visitor's roof correction is first drawn. Like
 * `browser.ts`, nothing below it imports Node modules or server code.
 */
export { redrawBuilding } from './roof-correction/redraw-building.ts';
