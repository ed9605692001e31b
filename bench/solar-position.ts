/**
 * Speed of the solar position module: 100,000 positions at one place over a year, with the exact SPA
 * and with the hourly-interpolating calculator the viewer and shading use. Goal: under 200 ms.
 *
 *   node bench/solar-position.ts
 */
import os from 'node:os';
import { createSolarPositionCalculator, solarPosition } from '../src/irradiance/solar-position.ts';

const COUNT = 100_000;
const observer = { latitude: 43.7396, longitude: 7.4276, elevation: 45 };
const start = Date.UTC(2026, 0, 1);
const step = (365 * 86_400_000) / COUNT;
const dates = Array.from({ length: COUNT }, (_, i) => new Date(start + i * step));

function time(name: string, run: () => number): void {
  run(); // warm-up
  const samples: number[] = [];
  let checksum = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    checksum += run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  console.log(`| ${name} | ${samples[2].toFixed(1)} | ${samples[0].toFixed(1)} | ${(checksum / 5 / COUNT).toFixed(4)} |`);
}

console.log(`\n${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} cores · ${os.cpus()[0]?.model ?? 'cpu'} · Node ${process.version} · ${COUNT} positions over a year\n`);
console.log('| method | median ms | best ms | mean zenith (check) |');
console.log('|---|---:|---:|---:|');
time('solarPosition (exact SPA)', () => dates.reduce((sum, d) => sum + solarPosition(d, observer).zenith, 0));
time('createSolarPositionCalculator (6-hour nodes, interpolated)', () => {
  const calculate = createSolarPositionCalculator(observer);
  return dates.reduce((sum, d) => sum + calculate(d).zenith, 0);
});
