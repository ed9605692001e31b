/**
 * Building traditions the material defaults follow: `south` (Mediterranean: terracotta and ochre),
 * `east` (Russia and its neighbours: painted sheet-metal roofs, gilded domes), `central` (the rest of
 * Europe and elsewhere: red-brown tiles, pale plaster).
 */
export type Region = 'south' | 'east' | 'central';

/** The region of a model's centre. */
export function regionAt(latitude: number, longitude: number): Region {
  if (longitude >= 27 && longitude <= 180 && latitude >= 44) return 'east';
  if (latitude >= 30 && latitude < 45.5 && longitude > -10 && longitude < 40) return 'south';
  return 'central';
}
