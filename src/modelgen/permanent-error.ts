/** Why a generation failed for good, in a word a program can act on: the place lies outside the map data. */
export const OUTSIDE_MAP_DATA = 'outside_map_data';

/**
 * A generation that another attempt cannot mend: the request asks for something the configured sources
 * do not hold (a place outside the map data). The job queue marks it failed at once instead of retrying.
 * Recognised by `permanent` (a class does not survive the generation thread's boundary; the flag is
 * checked there). Its name stays `Error`, so its text reads as any generation failure's.
 */
export class PermanentGenerationError extends Error {
  readonly permanent = true;
  /** The failure in a word (OUTSIDE_MAP_DATA). */
  readonly reason: string;

  constructor(message: string, reason: string) {
    super(message);
    this.reason = reason;
  }
}

/** Whether an error is one another attempt cannot mend. */
export function isPermanentGenerationError(error: unknown): error is PermanentGenerationError {
  return error instanceof Error && (error as { permanent?: unknown }).permanent === true;
}
