import assert from 'node:assert/strict';
import { test } from 'node:test';
import { traceShares } from '../../src/solar-design/roof-insights.ts';

test('every panel is traced when the budget allows', () => {
  assert.deepEqual(traceShares([3, 0, 12, 40], 100), [3, 0, 12, 40]);
});

test('over the budget: at least one panel a face, shares growing with the square root, never over the budget or a face’s panels', () => {
  const counts = [2, 18, 18, 3000, 0, 450, 1];
  const shares = traceShares(counts, 100);
  assert.ok(shares.reduce((a, b) => a + b, 0) <= 100, `${shares}`);
  assert.ok(shares.reduce((a, b) => a + b, 0) >= 90, `the budget is used: ${shares}`);
  shares.forEach((share, i) => {
    assert.ok(share <= counts[i]);
    if (counts[i] > 0) assert.ok(share >= 1);
  });
  assert.equal(shares[4], 0, 'a face without panels has none');
  // A house's face keeps several traced panels beside a large flat roof (proportional shares would give it one).
  assert.ok(shares[1] >= 3 && shares[3] > shares[5] && shares[5] > shares[1], `${shares}`);
});
