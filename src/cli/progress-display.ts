/** Shows generation progress: a redrawn bar on a terminal, one line per step otherwise (logs, pipes). */
export function progressDisplay(stream: NodeJS.WriteStream): { update(progress: number, step: string): void; done(): void } {
  let lastStep = '';
  if (!stream.isTTY) {
    return {
      update(progress, step) {
        if (step === lastStep) return;
        lastStep = step;
        stream.write(`${String(Math.round(progress)).padStart(3)} % ${step}\n`);
      },
      done() {},
    };
  }
  const width = 30;
  return {
    update(progress, step) {
      const filled = Math.round((Math.max(0, Math.min(100, progress)) / 100) * width);
      const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(progress)).padStart(3)} % ${step}`;
      stream.write(`\r${line.slice(0, (stream.columns ?? 100) - 1).padEnd(Math.min(stream.columns ?? 100, 100) - 1)}`);
    },
    done() {
      stream.write('\n');
    },
  };
}
