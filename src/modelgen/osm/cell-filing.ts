import type { MapFeatures } from '../features/map-features.ts';
import { CellStoreWriter, cellKey, emptyCellContent, KIND_LETTERS, type CellContent } from './cell-store.ts';
import { cellsOf } from './cells.ts';
import type { LineSpill } from './spill-files.ts';

/** Features crossing more cells than this are written once and named by the cells (see cell-store.ts). */
const SHARE_ABOVE_CELLS = 4;

/** Files each feature under every cell its bounding box touches, through partitions by cell. */
export function fileByCell(features: MapFeatures, spill: LineSpill, partitions: number, writer: CellStoreWriter): void {
  const file = (points: Iterable<readonly [number, number]>, kind: keyof typeof KIND_LETTERS, feature: unknown) => {
    const range = cellsOf(points);
    const json = JSON.stringify(feature);
    const shared = (range.maxX - range.minX + 1) * (range.maxY - range.minY + 1) > SHARE_ABOVE_CELLS;
    const line = shared ? `r [${writer.share(json)},"${kind}"]` : `${kind} ${json}`;
    for (let x = range.minX; x <= range.maxX; x++) {
      for (let y = range.minY; y <= range.maxY; y++) spill.write(cellKey(x, y) % partitions, `${cellKey(x, y)} ${line}`);
    }
  };
  for (const building of features.buildings) file(building.outer, 'b', building);
  for (const tree of features.trees) file([[tree.lon, tree.lat]], 't', tree);
  for (const area of features.ground) file(area.points, 'g', area);
  for (const panel of features.solar) file(panel.points, 's', panel);
  for (const address of features.addresses) file([[address.lon, address.lat]], 'a', address);
}

/** Groups a cell partition's lines by cell and writes each cell. */
export function writeCells(lines: string[], writer: CellStoreWriter): void {
  const cells = new Map<number, CellContent>();
  for (const line of lines) {
    const space = line.indexOf(' ');
    const key = Number(line.slice(0, space));
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = emptyCellContent()));
    const letter = line[space + 1];
    cell[letter === 'r' ? 'shared' : KIND_LETTERS[letter as keyof typeof KIND_LETTERS]].push(line.slice(space + 3));
  }
  for (const [key, content] of cells) writer.add(key, content);
}
