import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Why PDFs cannot be read here (poppler-utils missing), or undefined when they can. */
export function pdfToolsSkipReason(): string | undefined {
  const found = spawnSync('pdftotext', ['-v'], { encoding: 'utf8' });
  return found.error ? 'pdftotext not found: install the Debian package poppler-utils (.ci/run does)' : undefined;
}

function withFile<T>(pdf: Buffer, use: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    return use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout;
}

/** The PDF's text, page by page as pdftotext reads it (layout kept). */
export function pdfText(pdf: Buffer): string {
  return withFile(pdf, (file) => run('pdftotext', ['-layout', file, '-']));
}

/** The PDF's page count and its images (page, width, height) as pdfimages lists them. */
export function pdfImages(pdf: Buffer): { page: number; width: number; height: number }[] {
  return withFile(pdf, (file) =>
    run('pdfimages', ['-list', file])
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((cells) => cells.length > 4 && /^\d+$/.test(cells[0]))
      .map((cells) => ({ page: Number(cells[0]), width: Number(cells[3]), height: Number(cells[4]) })),
  );
}

/** The PDF's first page as a PNG (pdftoppm), `dpi` dots per inch. */
export function firstPagePng(pdf: Buffer, dpi = 80): Buffer {
  return withFile(pdf, (file) => {
    run('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, path.join(path.dirname(file), 'page')]);
    return fs.readFileSync(path.join(path.dirname(file), 'page.png'));
  });
}

/** The PDF's page count (pdfinfo). */
export function pdfPages(pdf: Buffer): number {
  return withFile(pdf, (file) => Number(/^Pages:\s+(\d+)/m.exec(run('pdfinfo', [file]))?.[1]));
}

/** The fonts a PDF embeds, by their names without the subset prefix (pdffonts). */
export function pdfFonts(pdf: Buffer): string[] {
  return withFile(pdf, (file) =>
    run('pdffonts', [file])
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/)[0]?.replace(/^[A-Z]{6}\+/, ''))
      .filter((name): name is string => Boolean(name)),
  );
}
