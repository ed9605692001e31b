import type { Object3D } from 'three';
import type { ModelInfo } from '../viewer/viewer.ts';

/**
 * The survey a measured (LoD2) roof comes from, as visitors and the site report name it: the model's
 * title for the dataset (`asset.extras.sources.lod2`), else its short name (models made before titles);
 * undefined for a roof that is not measured.
 */
export function measuredDataset(node: Object3D, info: ModelInfo): string | undefined {
  const source = (node.userData as { roofSource?: string }).roofSource;
  if (!source?.startsWith('lod2:')) return undefined;
  const name = source.slice(5);
  return info.sources?.lod2?.find((dataset) => dataset.name === name)?.title ?? name;
}
