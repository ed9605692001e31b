import { InstancedMesh, type Intersection } from 'three';
import type { DesignedPanels } from '../wizard/roof-designer.ts';
import { element, fillFigures } from './dom.ts';
import { facing, INSIGHT_TEXT } from './insight-text.ts';

/**
 * Figures of the wizard's panels: a tapped panel's yearly yield, shading loss and orientation, and the
 * design's roof faces (`Design.faces`) with their panel counts and yields (a table under the wizard's chart).
 */
export class PanelInfo {
  readonly section: HTMLElement;
  readonly #title: HTMLElement;
  readonly #figures: HTMLElement;
  readonly #faces: HTMLElement;
  readonly #number: Intl.NumberFormat;
  readonly #percent: Intl.NumberFormat;
  #designed: DesignedPanels | undefined;

  constructor(document: Document) {
    const locale = document.documentElement.lang || undefined;
    this.#number = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    this.#percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.section = element(document, 'section', { id: 'panel-card', hidden: '' });
    this.#title = element(document, 'h3');
    const close = element(document, 'button', { type: 'button', 'aria-label': INSIGHT_TEXT.close, class: 'card-close' }, '×');
    close.addEventListener('click', () => this.hide());
    this.#figures = element(document, 'dl', { id: 'panel-figures' });
    this.section.append(this.#title, this.#figures);
    this.#title.after(close);
    this.#faces = element(document, 'div', { id: 'wizard-faces' });
    document.getElementById('wizard-chart')?.after(this.#faces);
  }

  /** Takes a new design (or none), and lists its faces. */
  setDesign(designed: DesignedPanels | undefined): void {
    this.#designed = designed;
    this.hide();
    this.#listFaces();
  }

  /**
   * Shows the figures of the panel a pick landed on; false when the pick is not on a panel of the
   * current design.
   */
  pick(hit: Intersection | undefined): boolean {
    const designed = this.#designed;
    if (!designed || !hit || !(hit.object instanceof InstancedMesh) || hit.instanceId === undefined) return false;
    const chosen = designed.design.selection.chosen;
    if (hit.object.count !== chosen.length) return false;
    const index = chosen[hit.instanceId];
    const panel = designed.candidates[index];
    this.#title.textContent = INSIGHT_TEXT.panelTitle(String(hit.instanceId + 1), String(chosen.length));
    fillFigures(this.#figures, [
      [INSIGHT_TEXT.panelYield, `${this.#number.format(designed.design.panelKwh[index])} kWh`],
      [INSIGHT_TEXT.panelShading, this.#percent.format(designed.losses[index])],
      [INSIGHT_TEXT.panelOrientation, INSIGHT_TEXT.panelOrientationText(facing(panel.azimuthDeg), String(Math.round(panel.tiltDeg)), panel.orientation)],
      // Numbered as in the design's list of faces.
      [INSIGHT_TEXT.panelFace, String(designed.design.faces.findIndex((face) => face.azimuthDeg === panel.azimuthDeg && face.tiltDeg === panel.tiltDeg) + 1 || panel.face + 1)],
    ]);
    Object.assign(this.section.dataset, { panel: String(hit.instanceId), annualKwh: designed.design.panelKwh[index].toFixed(1), shadingLoss: designed.losses[index].toFixed(4) });
    this.section.hidden = false;
    return true;
  }

  hide(): void {
    this.section.hidden = true;
  }

  #listFaces(): void {
    const designed = this.#designed;
    this.#faces.replaceChildren();
    if (!designed || designed.design.panelCount === 0) return;
    const faces = designed.design.faces;
    const document = this.#faces.ownerDocument;
    const table = element(document, 'table');
    const head = element(document, 'tr');
    head.append(...INSIGHT_TEXT.facesHeader.map((text) => element(document, 'th', { scope: 'col' }, text)));
    table.append(head);
    faces.forEach((face, i) => {
      const row = element(document, 'tr');
      row.append(
        element(document, 'td', {}, String(i + 1)),
        element(document, 'td', {}, `${facing(face.azimuthDeg)}, ${Math.round(face.tiltDeg)}°`),
        element(document, 'td', {}, this.#number.format(face.panels)),
        element(document, 'td', {}, this.#number.format(face.annualKwh)),
      );
      table.append(row);
    });
    this.#faces.append(element(document, 'h3', {}, INSIGHT_TEXT.facesTitle), table);
    this.#faces.dataset.faces = String(faces.length);
  }
}
