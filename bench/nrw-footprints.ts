/**
 * A minimal reader of the NRW LoD2 tiles for the roof inference bench: each building's function, its
 * measured roof type (AdV code) and its ground outline, in UTM metres. Not a CityGML reader: it reads
 * only these three things, by pattern, from the official AdV tiles.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

/** One building of a tile as the bench needs it. */
export interface NrwBuilding {
  id: string;
  /** AdV `bldg:function` code, e.g. 31001_1010 (Wohnhaus). */
  functionCode: string;
  /** AdV `bldg:roofType` code of the building, or of its largest part. */
  roofType: string;
  /** Outline of the largest ground surface, [east, north] metres. */
  outer: [number, number][];
}

/** OSM `building=*` values of the AdV building functions found in the tiles. */
export const ADV_FUNCTION_TO_OSM: Record<string, string> = {
  '31001_1000': 'residential', '31001_1010': 'house', '31001_1110': 'residential', '31001_1122': 'residential', '31001_1130': 'apartments',
  '31001_1210': 'farm', '31001_1220': 'farm', '31001_2000': 'commercial', '31001_2112': 'industrial', '31001_2120': 'industrial',
  '31001_2143': 'industrial', '31001_2463': 'garage', '31001_2523': 'service', '31001_2720': 'farm_auxiliary', '31001_2721': 'barn',
  '31001_2723': 'shed', '31001_2724': 'stable', '51009_1610': 'roof', '51009_1611': 'carport', '51003_1201': 'silo',
};

/** OSM shape classes of the AdV roof types (the tiles' README). */
export const ADV_ROOF_TO_OSM: Record<string, string> = {
  '1000': 'flat', '2100': 'skillion', '2200': 'skillion', '3100': 'gabled', '3200': 'hipped', '3300': 'half-hipped', '3400': 'mansard',
  '3500': 'pyramidal', '3600': 'cone', '3700': 'dome', '3800': 'sawtooth', '3900': 'round', '4000': 'tower', '5000': 'mixed', '9999': 'other',
};

/** Reads the buildings of an NRW LoD2 tile (`.gml` or `.gml.gz`). */
export function readNrwTile(file: string): NrwBuilding[] {
  let bytes = fs.readFileSync(file);
  if (file.endsWith('.gz')) bytes = zlib.gunzipSync(bytes);
  const text = bytes.toString('utf8');
  const out: NrwBuilding[] = [];
  for (const member of text.split('<core:cityObjectMember>').slice(1)) {
    const id = /<bldg:Building gml:id="([^"]+)"/.exec(member)?.[1];
    const functionCode = /<bldg:function>([^<]+)</.exec(member)?.[1];
    const roofType = /<bldg:roofType>([^<]+)</.exec(member)?.[1];
    if (!id || !functionCode || !roofType) continue;
    const grounds = [...member.matchAll(/<bldg:GroundSurface[\s\S]*?<gml:posList[^>]*>([^<]+)<\/gml:posList>/g)].map((m) => toRing(m[1]));
    if (grounds.length === 0) continue;
    grounds.sort((a, b) => Math.abs(ringArea(b)) - Math.abs(ringArea(a)));
    out.push({ id, functionCode, roofType, outer: grounds[0] });
  }
  return out;
}

function toRing(posList: string): [number, number][] {
  const values = posList.trim().split(/\s+/).map(Number);
  const ring: [number, number][] = [];
  for (let i = 0; i + 2 < values.length; i += 3) ring.push([values[i], values[i + 1]]);
  if (ring.length > 1 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]) ring.pop();
  return ring;
}

function ringArea(ring: [number, number][]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return sum / 2;
}
