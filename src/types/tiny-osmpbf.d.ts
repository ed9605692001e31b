// tiny-osmpbf (an .osm.pbf reader) ships no types; it returns OSM JSON like Overpass.
declare module 'tiny-osmpbf' {
  export default function tinyOsmPbf(data: Uint8Array): { elements: unknown[] };
}
