/**
 * The place the front page shows and the portal's embed snippet starts from: the Städtle of Vaduz,
 * Liechtenstein, a street of varied roofs that OpenStreetMap maps with roof shapes.
 */
export const SAMPLE_PLACE = { latitude: 47.1395, longitude: 9.5221, label: 'Städtle, Vaduz (Liechtenstein)' } as const;

/** The middle of a search box, or the sample place when there is none (where a partner's embed starts). */
export function placeForSnippet(box: [number, number, number, number] | undefined): { latitude: number; longitude: number } {
  if (!box) return SAMPLE_PLACE;
  return { latitude: round6((box[1] + box[3]) / 2), longitude: round6((box[0] + box[2]) / 2) };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
