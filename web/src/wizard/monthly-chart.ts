const SVG = 'http://www.w3.org/2000/svg';
import { formats, t } from '../viewer/language.ts';

/**
 * A bar chart of monthly kWh as SVG, with a line at the monthly target when there is one. Each bar has a
 * title (exact value) for pointer and screen-reader users.
 */
export function monthlyChart(monthlyKwh: number[], targetKwh?: number): SVGSVGElement {
  const [width, height, base, top] = [300, 120, 100, 8];
  const max = Math.max(...monthlyKwh, targetKwh ?? 0, 1);
  const f = formats();
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('chart.label', { months: monthlyKwh.map((kwh, i) => t('chart.bar', { month: f.month(i), kwh: f.number(kwh) })).join(', ') }));
  const slot = width / 12;
  monthlyKwh.forEach((kwh, i) => {
    const barHeight = ((base - top) * kwh) / max;
    const bar = document.createElementNS(SVG, 'rect');
    Object.entries({ x: i * slot + 3, y: base - barHeight, width: slot - 6, height: barHeight, rx: 2, fill: '#d97706' }).forEach(([k, v]) => bar.setAttribute(k, String(v)));
    const title = document.createElementNS(SVG, 'title');
    title.textContent = t('chart.bar', { month: f.month(i), kwh: f.number(kwh) });
    bar.append(title);
    const label = document.createElementNS(SVG, 'text');
    Object.entries({ x: i * slot + slot / 2, y: height - 6, 'text-anchor': 'middle', 'font-size': 10, fill: '#475569' }).forEach(([k, v]) => label.setAttribute(k, String(v)));
    label.textContent = f.month(i, 'narrow');
    svg.append(bar, label);
  });
  if (targetKwh) {
    const y = base - ((base - top) * targetKwh) / max;
    const line = document.createElementNS(SVG, 'line');
    Object.entries({ x1: 0, x2: width, y1: y, y2: y, stroke: '#0f172a', 'stroke-dasharray': '4 3', 'stroke-width': 1 }).forEach(([k, v]) => line.setAttribute(k, String(v)));
    svg.append(line);
  }
  return svg;
}
