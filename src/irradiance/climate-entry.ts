/** A place of the local fallback's climate table: where it is and its monthly clearness. */
export interface ClimatePlace {
  latitude: number;
  longitude: number;
  /** Height above sea level, metres; the interpolation corrects K̄T for the height difference to the query. */
  elevationM: number;
  /** Monthly mean clearness index K̄T, January to December; 0 for a month without sun (polar night). */
  clearnessIndex: readonly number[];
}

/** A row of the climate table with its provenance (what the table builder writes). */
export interface ClearnessIndexEntry extends ClimatePlace {
  name: string;
  /** Where the place's irradiation comes from: dataset, years, and the answer or file it was read from. */
  source: string;
}
