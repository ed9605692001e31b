import type { MessagePort } from 'node:worker_threads';
import { isPermanentGenerationError, type GeneratedModel, type GenerateModel, type ModelRequest } from '../modelgen/index.ts';

/** A task for a generation thread: the request, the module that generates, and a port for progress. */
export interface GenerationTask {
  request: ModelRequest;
  generatorModule: string;
  progressPort: MessagePort;
}

const loaded = new Map<string, Promise<GenerateModel>>();

/** A generation another attempt cannot mend, and why (an error's own fields do not cross the thread's boundary). */
export interface PermanentFailure {
  permanentFailure: string;
  /** The failure in a word (`outside_map_data`). */
  failureReason: string;
}

/**
 * Runs one generation inside a worker thread (piscina), so geometry never blocks the service's event loop.
 * Progress goes back over the task's port.
 */
export default async function runGeneration(task: GenerationTask): Promise<GeneratedModel | PermanentFailure> {
  const generate = await loadGenerator(task.generatorModule);
  try {
    return await generate(task.request, (report) => task.progressPort.postMessage(report));
  } catch (error) {
    if (isPermanentGenerationError(error)) return { permanentFailure: error.message, failureReason: error.reason };
    throw error;
  } finally {
    task.progressPort.close();
  }
}

function loadGenerator(moduleUrl: string): Promise<GenerateModel> {
  let generator = loaded.get(moduleUrl);
  if (!generator) {
    generator = import(moduleUrl).then((module: { generateModel?: GenerateModel }) => {
      if (typeof module.generateModel !== 'function') throw new Error(`${moduleUrl} does not export generateModel`);
      return module.generateModel;
    });
    loaded.set(moduleUrl, generator);
  }
  return generator;
}
