import { formats, t } from '../viewer/language.ts';

const SVG = 'http://www.w3.org/2000/svg';
/** Plot area inside the 320 × 160 view box: room on the left for the kWh labels (at least), below for the months. */
const BOX = { width: 320, height: 160, left: 40, right: 6, top: 20, bottom: 22 } as const;
/** Width of a digit or separator of the 10-unit axis labels, with a margin: the plot starts right of the widest. */
const LABEL_CHAR = 6;

/**
 * A step for the kWh axis giving 3 to 5 lines: 1, 2 or 5 times a power of ten.
 */
export function axisStep(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(Math.max(rough, 1e-9)));
  return [1, 2, 5, 10].map((m) => m * power).find((step) => step >= rough) ?? 10 * power;
}

function element<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A bar chart of monthly kWh as SVG: a kWh axis with grid lines, month labels, a dashed line at the
 * monthly target when there is one. Hovering or tapping a month writes its value above the bars; each
 * bar also has a title, and the chart an accessible name listing every month.
 */
export function monthlyChart(monthlyKwh: number[], targetKwh?: number): SVGSVGElement {
  const f = formats();
  const format = (kwh: number) => f.number(kwh);
  const bar = (i: number, kwh: number) => t('chart.bar', { month: f.month(i), kwh: format(kwh) });
  const plotHeight = BOX.height - BOX.top - BOX.bottom;
  const step = axisStep(Math.max(...monthlyKwh, targetKwh ?? 0, 1));
  const top = step * Math.ceil(Math.max(...monthlyKwh, targetKwh ?? 0, 1) / step);
  // "100,000" needs more room than "400": the labels are never cut at the left edge.
  const left = Math.max(BOX.left, 8 + LABEL_CHAR * format(top).length);
  const plotWidth = BOX.width - left - BOX.right;
  const y = (kwh: number) => BOX.top + plotHeight * (1 - kwh / top);
  const svg = element('svg', { viewBox: `0 0 ${BOX.width} ${BOX.height}`, role: 'img', class: 'monthly-chart' });
  svg.setAttribute('aria-label', t('chart.label', { months: monthlyKwh.map((kwh, i) => bar(i, kwh)).join(', ') }));
  for (let value = 0; value <= top + step / 2; value += step) {
    svg.append(
      element('line', { x1: left, x2: BOX.width - BOX.right, y1: y(value), y2: y(value), stroke: value === 0 ? '#64748b' : '#e2e8f0', 'stroke-width': 1 }),
      element('text', { x: left - 4, y: y(value) + 3.5, 'text-anchor': 'end', 'font-size': 10, fill: '#475569' }, format(value)),
    );
  }
  svg.append(element('text', { x: 2, y: 10, 'font-size': 10, fill: '#475569' }, 'kWh'));
  const value = element('text', { class: 'chart-value', x: left + plotWidth / 2, y: 11, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#0f172a' }, '');
  const slot = plotWidth / 12;
  monthlyKwh.forEach((kwh, i) => {
    const x = left + i * slot;
    const column = element('rect', { class: 'chart-bar', x: x + 2.5, y: y(kwh), width: slot - 5, height: Math.max(y(0) - y(kwh), 0), rx: 2, fill: '#d97706' });
    column.append(element('title', {}, bar(i, kwh)));
    // The whole column answers the pointer, so a finger need not hit a short winter bar.
    const hit = element('rect', { class: 'chart-hit', x, y: BOX.top, width: slot, height: plotHeight + BOX.bottom, fill: 'transparent', 'data-month': i });
    const show = () => {
      value.textContent = bar(i, kwh);
      for (const other of svg.querySelectorAll('.chart-bar')) other.setAttribute('fill', other === column ? '#b45309' : '#d97706');
    };
    hit.addEventListener('pointerenter', show);
    hit.addEventListener('click', show);
    svg.append(column, element('text', { x: x + slot / 2, y: BOX.height - 7, 'text-anchor': 'middle', 'font-size': 9.5, fill: '#475569' }, f.month(i, 'short')), hit);
  });
  if (targetKwh) {
    svg.append(element('line', { x1: left, x2: BOX.width - BOX.right, y1: y(targetKwh), y2: y(targetKwh), stroke: '#0f172a', 'stroke-dasharray': '4 3', 'stroke-width': 1 }));
  }
  svg.append(value);
  return svg;
}
