import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { financials } from '../../src/solar-design/index.ts';
import { DEFAULT_ECONOMICS } from '../../web/src/wizard/economics.ts';
import { selectPanels, type RatedPanel } from '../../web/src/wizard/goals.ts';

// Ten 0.44 kWp panels: 500 kWh down to 320 kWh (best 500; 75 % of it is 375).
const panels: RatedPanel[] = [500, 490, 480, 470, 460, 450, 400, 380, 370, 320].map((annualKwh, index) => ({ index, kwp: 0.44, annualKwh }));

describe('what each goal keeps', () => {
  test('weak panels (under 75 % of the best) are dropped; maximize_energy and environmental keep the rest', () => {
    for (const goal of ['maximize_energy', 'environmental'] as const) {
      const selection = selectPanels(panels, goal);
      assert.deepEqual(selection.chosen, [0, 1, 2, 3, 4, 5, 6, 7]);
      assert.deepEqual(selection.weak, [8, 9]);
    }
  });

  test('cover_bill takes the fewest best panels reaching 12 × the monthly target', () => {
    // 100 kWh/month = 1,200 kWh/year: 500 + 490 = 990 is short, + 480 = 1,470 reaches it.
    const selection = selectPanels(panels, 'cover_bill', { monthlyKwh: 100 });
    assert.deepEqual(selection.chosen, [0, 1, 2]);
    assert.deepEqual(selection.target, { annualKwh: 1200, reached: true, share: 1470 / 1200 });
  });

  test('cover_bill says so when the roof cannot reach the target', () => {
    const selection = selectPanels(panels, 'cover_bill', { monthlyKwh: 1000 });
    assert.equal(selection.chosen.length, 8);
    assert.equal(selection.target!.reached, false);
    // 500 + 490 + 480 + 470 + 460 + 450 + 400 + 380 = 3,630 of 12,000 kWh.
    assert.equal(selection.target!.share, 3630 / 12000);
  });

  test('maximize_roi stops where one more panel lowers the net present value', () => {
    // With a 0.30 tariff, 0.08 export and 35 % self-use, a kWh is worth 0.157; a panel costs 616.
    // Over 20 years at 4 % (0.5 % degradation) a kWh/year is worth 0.157 × 13.3 ≈ 2.09, so a panel
    // pays when it makes more than ≈ 295 kWh/year: with a cost of 700/kWp (308 a panel), every strong
    // panel pays; at 2,400/kWp (1,056 a panel) none does.
    const cheap = selectPanels(panels, 'maximize_roi', { economics: { ...DEFAULT_ECONOMICS, costPerKwp: 700 } });
    assert.deepEqual(cheap.chosen, [0, 1, 2, 3, 4, 5, 6, 7]);
    const dear = selectPanels(panels, 'maximize_roi', { economics: { ...DEFAULT_ECONOMICS, costPerKwp: 2400 } });
    assert.deepEqual(dear.chosen, []);
    const middle = selectPanels(panels, 'maximize_roi', { economics: { ...DEFAULT_ECONOMICS, costPerKwp: 1800 } });
    // 1,800/kWp: 792 a panel; break-even ≈ 792 / 2.09 ≈ 379 kWh: the panels down to 400 kWh pay, 380 does not.
    assert.deepEqual(middle.chosen, [0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('money figures', () => {
  test('a hand-worked case: 4 kWp, 4,000 kWh/year', () => {
    const economics = { ...DEFAULT_ECONOMICS, degradation: 0, discountRate: 0, years: 20 };
    const result = financials(4, 4000, economics);
    // Cost 4 × 1,400 = 5,600. Value per kWh 0.35 × 0.30 + 0.65 × 0.08 = 0.157: 628 a year.
    assert.equal(result.cost, 5600);
    assert.ok(Math.abs(result.firstYearValue - 628) < 1e-9);
    // Without discounting, NPV = 20 × 628 − 5,600 = 6,960; payback 5,600 / 628 = 8.917 years.
    assert.ok(Math.abs(result.npv - 6960) < 1e-6);
    assert.ok(Math.abs(result.paybackYears! - 5600 / 628) < 1e-9);
  });

  test('discounting and degradation lower the NPV as the formula says', () => {
    const result = financials(4, 4000, DEFAULT_ECONOMICS);
    let expected = -5600;
    for (let t = 1; t <= 20; t++) expected += (4000 * 0.995 ** (t - 1) * 0.157) / 1.04 ** t;
    assert.ok(Math.abs(result.npv - expected) < 1e-6, `${result.npv} vs ${expected}`);
    assert.equal(financials(4, 0, DEFAULT_ECONOMICS).paybackYears, undefined, 'a system that makes nothing never pays back');
  });
});
