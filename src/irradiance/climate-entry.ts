/** One place of the local fallback's climate table (`clearness-index-table.ts`). */
export interface ClearnessIndexEntry {
  name: string;
  latitude: number;
  longitude: number;
  /** Where the place's irradiation comes from: dataset, years, and the answer or file it was read from. */
  source: string;
  /** Monthly mean clearness index K̄T, January to December. */
  clearnessIndex: readonly number[];
}
