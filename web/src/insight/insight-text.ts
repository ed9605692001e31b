import { t } from '../viewer/language.ts';
import { pointerIsTouch } from '../viewer/touch-screen.ts';

const touch = () => typeof window !== 'undefined' && pointerIsTouch(window);

/**
 * Every text the insight tools show, from the page language's message catalogue (`insight.*` keys of
 * src/i18n/messages): plain texts, or functions of already formatted numbers.
 */
export const INSIGHT_TEXT = {
  get sunPathButton() { return t('insight.sunPath'); },
  get heatmapButton() { return t('insight.heatmap'); },
  get measureButton() { return t('insight.measure'); },
  get heatmapTitle() { return t('insight.heatmapTitle'); },
  get heatmapYear() { return t('insight.heatmapYear'); },
  get heatmapUnitYear() { return t('insight.heatmapUnitYear'); },
  heatmapUnitMonth: (month: string) => t('insight.heatmapUnitMonth', { month }),
  get heatmapPeriod() { return t('insight.heatmapPeriod'); },
  heatmapProgress: (percent: string) => t('insight.heatmapProgress', { percent }),
  heatmapDone: (seconds: string) => t('insight.heatmapDone', { seconds }),
  /** The model stands on flat ground (no terrain data for the place): hills shade nothing. */
  heatmapDoneFlat: (seconds: string) => t('insight.heatmapDoneFlat', { seconds }),
  heatmapFailed: (reason: string) => t('insight.heatmapFailed', { reason }),
  get heatmapSource() { return t('insight.heatmapSource'); },
  get measureTitle() { return t('insight.measureTitle'); },
  // On a touch screen the measure tool says "tap", not "click".
  get measureStart() { return t(touch() ? 'insight.measureStartTap' : 'insight.measureStart'); },
  get measureSecond() { return t(touch() ? 'insight.measureSecondTap' : 'insight.measureSecond'); },
  get measureAgain() { return t(touch() ? 'insight.measureAgainTap' : 'insight.measureAgain'); },
  get measureDistance() { return t('insight.measureDistance'); },
  get measureHorizontal() { return t('insight.measureHorizontal'); },
  get measureHeight() { return t('insight.measureHeight'); },
  get measureFace() { return t('insight.measureFace'); },
  measureFaceFigures: (area: string, pitch: string, facing: string) => t('insight.measureFaceFigures', { area, pitch, facing }),
  measureFlatFaceFigures: (area: string) => t('insight.measureFlatFaceFigures', { area }),
  get measureClear() { return t('insight.measureClear'); },
  get measureKeys() { return t('insight.measureKeys'); },
  get measureNoFace() { return t('insight.measureNoFace'); },
  panelTitle: (number: string, count: string) => t('insight.panelTitle', { number, count }),
  get panelYield() { return t('insight.panelYield'); },
  get panelShading() { return t('insight.panelShading'); },
  get panelOrientation() { return t('insight.panelOrientation'); },
  panelOrientationText: (facing: string, tilt: string, layout: string) =>
    t('insight.panelOrientationText', { facing, tilt, layout: layout === 'landscape' ? t('insight.landscape') : layout === 'portrait' ? t('insight.portrait') : layout }),
  get panelFace() { return t('insight.panelFace'); },
  get facesTitle() { return t('insight.facesTitle'); },
  get facesHeader() { return [t('insight.facesFace'), t('insight.facesFacing'), t('insight.facesPanels'), t('insight.facesKwh')]; },
  get close() { return t('insight.close'); },
  get sunVisible() { return t('insight.sunVisible'); },
  get sunHidden() { return t('insight.sunHidden'); },
};

const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;

/** A direction clockwise from north as a compass point in the page's language and degrees, e.g. "S (180°)". */
export function facing(azimuthDeg: number): string {
  const azimuth = ((Math.round(azimuthDeg) % 360) + 360) % 360;
  return `${t(`direction.${COMPASS_POINTS[Math.round(azimuth / 45) % 8]}`)} (${azimuth}°)`;
}
