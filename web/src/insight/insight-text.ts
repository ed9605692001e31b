/**
 * Every text the insight tools show, in one place, so they can move into the message catalogues as
 * they are: plain strings, or functions of already formatted numbers.
 */
export const INSIGHT_TEXT = {
  sunPathButton: 'Sun path: the sun’s arc on the chosen day',
  heatmapButton: 'Sunlight heatmap: yearly irradiation of roofs, facades and ground',
  measureButton: 'Measure: distance, height and roof face area',
  heatmapTitle: 'Sunlight',
  heatmapYear: 'Whole year',
  heatmapUnitYear: 'kWh/m² a year',
  heatmapUnitMonth: (month: string) => `kWh/m² in ${month}`,
  heatmapPeriod: 'Period',
  heatmapProgress: (percent: string) => `Tracing sunlight and shade… ${percent}`,
  heatmapDone: (seconds: string) => `Traced in ${seconds} s against every building, tree and the terrain.`,
  heatmapFailed: (reason: string) => `The heatmap could not be computed: ${reason}`,
  heatmapSource: 'Irradiation from the viewer’s climate model (monthly clearness, Erbs diffuse, HDKR sky); shade traced on the 21st of each month, hourly, and 32 sky directions.',
  measureTitle: 'Measure',
  measureStart: 'Click a first point on the model.',
  measureSecond: 'Click a second point.',
  measureAgain: 'Click to start a new measurement.',
  measureDistance: 'Distance',
  measureHorizontal: 'Horizontal',
  measureHeight: 'Height difference',
  measureFace: 'Roof face',
  measureFaceFigures: (area: string, pitch: string, facing: string) => `${area} m², pitch ${pitch}°, facing ${facing}`,
  measureNoFace: 'Not on a roof face: click a roof to see its area.',
  panelTitle: (number: string, of: string) => `Panel ${number} of ${of}`,
  panelYield: 'Yearly yield',
  panelShading: 'Shading loss',
  panelOrientation: 'Orientation',
  panelOrientationText: (facing: string, tilt: string, layout: string) => `facing ${facing}, tilt ${tilt}°, ${layout}`,
  panelFace: 'Roof face',
  facesTitle: 'Roof faces',
  facesHeader: ['Face', 'Facing', 'Panels', 'kWh a year'] as const,
  close: 'Close',
  sunVisible: 'Sun in view from the point',
  sunHidden: 'Point in shade',
} as const;

const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** A direction clockwise from north as a compass point and degrees, e.g. "S (180°)". */
export function facing(azimuthDeg: number): string {
  const azimuth = ((Math.round(azimuthDeg) % 360) + 360) % 360;
  return `${COMPASS_POINTS[Math.round(azimuth / 45) % 8]} (${azimuth}°)`;
}
