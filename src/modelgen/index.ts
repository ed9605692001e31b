import type { GeneratedModel, ModelRequest, ProgressReport } from './model-generator.ts';

export type { GeneratedModel, GenerateModel, GeneratorSources, ModelRequest, ProgressReport } from './model-generator.ts';

/** Raised when this build has no 3D pipeline for the requested quality; the job fails with this reason. */
export class GeneratorUnavailableError extends Error {}

/**
 * Builds the 3D model of an area from OpenStreetMap and terrain data.
 *
 * @throws GeneratorUnavailableError until the pipeline is part of this build
 */
export async function generateModel(request: ModelRequest, onProgress: (report: ProgressReport) => void): Promise<GeneratedModel> {
  onProgress({ progress: 0, step: 'Preparing' });
  throw new GeneratorUnavailableError(`The 3D model generator is not part of this build (requested ${request.quality.toUpperCase()} model)`);
}
