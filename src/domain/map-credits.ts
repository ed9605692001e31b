import { OSM_ATTRIBUTION } from '../modelgen/browser.ts';

/** Whether one credit of a model's attribution is OpenStreetMap's. */
export function isOsmCredit(credit: string): boolean {
  return /openstreetmap/i.test(credit);
}

/**
 * The credits of a model's attribution (`; `-separated, as the generator writes it) other than
 * OpenStreetMap's, each once: a measured roof's 3D city model.
 */
export function otherCredits(attribution: string | undefined): string[] {
  return [...new Set((attribution ?? '').split(/;\s*/).map((part) => part.trim()).filter((part) => part && !isOsmCredit(part)))];
}

/** The credits a site report prints for the model its design was made on: OpenStreetMap's always, first, then the others. */
export function mapCredits(attribution: string | undefined): string {
  return [OSM_ATTRIBUTION, ...otherCredits(attribution)].join(' · ');
}
