/**
 * Solves a small dense linear system A·x = b by Gauss–Jordan elimination with partial pivoting. The rows
 * are the augmented matrix [A | b] (the last column is b) and are overwritten.
 *
 * @returns x, or NaN in every place when the system is singular
 */
export function solveAugmented(rows: (number[] | Float64Array)[]): number[] {
  const size = rows.length;
  for (let i = 0; i < size; i++) {
    let pivot = i;
    for (let j = i + 1; j < size; j++) if (Math.abs(rows[j][i]) > Math.abs(rows[pivot][i])) pivot = j;
    [rows[i], rows[pivot]] = [rows[pivot], rows[i]];
    if (Math.abs(rows[i][i]) < 1e-12) return Array<number>(size).fill(Number.NaN);
    for (let j = 0; j < size; j++) {
      if (j === i) continue;
      const factor = rows[j][i] / rows[i][i];
      if (factor === 0) continue;
      for (let c = i; c <= size; c++) rows[j][c] -= factor * rows[i][c];
    }
  }
  return rows.map((row, i) => row[size] / row[i]);
}
