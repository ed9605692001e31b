/** AdV `roofType` codes (the German states' LoD2) as OSM `roof:shape` values. */
const ADV_ROOF_SHAPES: Record<string, string> = {
  '1000': 'flat', '2100': 'skillion', '2200': 'skillion', '3100': 'gabled', '3200': 'hipped', '3300': 'half-hipped', '3400': 'mansard',
  '3500': 'pyramidal', '3600': 'cone', '3700': 'dome', '3800': 'sawtooth', '3900': 'round', '4000': 'pyramidal', '5000': 'mixed',
};

/** 3D BAG `b3_dak_type` values. */
const BAG_ROOF_SHAPES: Record<string, string> = { horizontal: 'flat', 'multiple horizontal': 'flat', slanted: 'measured' };

/** The OSM-style roof shape a dataset's roof class names, or undefined when it names none (or "other"). */
export function roofShapeOfCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return ADV_ROOF_SHAPES[code] ?? BAG_ROOF_SHAPES[code.toLowerCase()];
}
