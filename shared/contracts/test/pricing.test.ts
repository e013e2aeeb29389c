import { describe, expect, it } from 'vitest';
import {
  MARKUP_OPTIONS,
  PRICING_DEFAULTS,
  applyMarkup,
  computePrice,
  convertMinorToJpy,
  explainPrice,
  grossProfit,
  grossProfitPercent,
  resolveRule,
  type PricingRule,
} from '../src/pricing';

/*
 * Property tests with a small seeded generator (deterministic: a failure names its seed and case).
 */

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = ReturnType<typeof mulberry32>;

function int(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function pick<T>(random: Random, items: readonly T[]): T {
  return items[int(random, 0, items.length - 1)] as T;
}

/** Amounts from small to very large, with a bias towards the edges. */
function amount(random: Random): number {
  const kind = int(random, 0, 5);
  if (kind === 0) return int(random, 0, 10);
  if (kind === 1) return int(random, 0, 1_000);
  if (kind === 2) return int(random, 0, 100_000);
  if (kind === 3) return int(random, 0, 10_000_000);
  if (kind === 4) return int(random, 0, 500_000_000) * 2 + 1;
  return pick(random, [0, 1, 49, 50, 99, 100, 101, 999, 1000, 1001, 12_345]);
}

function rule(random: Random): PricingRule {
  return {
    baseTariff: pick(random, ['cost', 'price'] as const),
    logic1: pick(random, MARKUP_OPTIONS),
    logic2: pick(random, [0, 0, 1, 50, 100, 500, 1_000, int(random, 0, 10_000_000)]),
    logic3: pick(random, [0, 1] as const),
  };
}

const RUNS = 20_000;

function forAll(check: (random: Random, run: number) => void, seed = 20261121) {
  const random = mulberry32(seed);
  for (let run = 0; run < RUNS; run += 1) check(random, run);
}

describe('markup options and defaults', () => {
  it('offers 100 down to 0 in steps of 5, then -5 to -50', () => {
    expect(MARKUP_OPTIONS[0]).toBe(100);
    expect(MARKUP_OPTIONS).toContain(0);
    expect(MARKUP_OPTIONS.at(-1)).toBe(-50);
    expect(MARKUP_OPTIONS).toHaveLength(31);
    expect(MARKUP_OPTIONS.every((value, index) => value === 100 - 5 * index)).toBe(true);
  });

  it('defaults to base cost, logic 1 = 40, logic 2 = 0, logic 3 = 0 (cost 1,000 -> 1,400)', () => {
    expect(PRICING_DEFAULTS).toMatchObject({
      baseTariff: 'cost',
      logic1: 40,
      logic2: 0,
      logic3: 0,
    });
    expect(computePrice({ costJpy: 1000 }, PRICING_DEFAULTS)).toBe(1400);
  });
});

describe('worked examples (docs/pricing.md)', () => {
  const base: PricingRule = { baseTariff: 'cost', logic1: 40, logic2: 0, logic3: 0 };

  it('rounds a positive markup up, never below the chosen percent', () => {
    expect(computePrice({ costJpy: 999 }, base)).toBe(1399); // 1398.6 -> 1399
    expect(computePrice({ costJpy: 1 }, base)).toBe(2); // 1.4 -> 2
    expect(computePrice({ costJpy: 333 }, { ...base, logic1: 5 })).toBe(350); // 349.65 -> 350
  });

  it('rounds a negative markup half-up', () => {
    expect(computePrice({ costJpy: 999 }, { ...base, logic1: -50 })).toBe(500); // 499.5 -> 500
    expect(computePrice({ costJpy: 997 }, { ...base, logic1: -50 })).toBe(499); // 498.5 -> 499
    expect(computePrice({ costJpy: 1001 }, { ...base, logic1: -5 })).toBe(951); // 950.95 -> 951
    expect(computePrice({ costJpy: 1009 }, { ...base, logic1: -5 })).toBe(959); // 958.55 -> 959
    expect(computePrice({ costJpy: 1003 }, { ...base, logic1: -5 })).toBe(953); // 952.85 -> 953
    expect(computePrice({ costJpy: 1010 }, { ...base, logic1: -45 })).toBe(556); // 555.5 -> 556
  });

  it('adds logic 2 to the base and lets logic 3 choose', () => {
    const both = { ...base, logic1: 10, logic2: 300 };
    // logic 1: 1,100; logic 2: 1,300
    expect(explainPrice({ costJpy: 1000 }, { ...both, logic3: 1 })).toEqual({
      base: 1000,
      baseTariff: 'cost',
      logic1Price: 1100,
      logic2Price: 1300,
      applied: 'logic2',
      price: 1300,
    });
    expect(computePrice({ costJpy: 1000 }, { ...both, logic3: 0 })).toBe(1100);
    // logic 1: 5,500; logic 2: 5,300
    expect(computePrice({ costJpy: 5000 }, { ...both, logic3: 1 })).toBe(5500);
    expect(computePrice({ costJpy: 5000 }, { ...both, logic3: 0 })).toBe(5300);
  });

  it('ignores logic 3 when logic 2 is not used', () => {
    expect(computePrice({ costJpy: 1000 }, { ...base, logic3: 1 })).toBe(1400);
    expect(computePrice({ costJpy: 1000 }, { ...base, logic3: 0 })).toBe(1400);
  });

  it('starts from the list price with base tariff price, and has no price without one', () => {
    const rule: PricingRule = { ...base, baseTariff: 'price', logic1: 20 };
    expect(computePrice({ costJpy: 800, priceJpy: 1000 }, rule)).toBe(1200);
    expect(computePrice({ costJpy: 800, priceJpy: null }, rule)).toBeNull();
    expect(computePrice({ costJpy: 800 }, rule)).toBeNull();
  });

  it('refuses amounts that are not whole non-negative yen and rules outside their options', () => {
    expect(() => computePrice({ costJpy: 10.5 }, base)).toThrow(RangeError);
    expect(() => computePrice({ costJpy: -1 }, base)).toThrow(RangeError);
    expect(() => computePrice({ costJpy: Number.NaN }, base)).toThrow(RangeError);
    expect(() => computePrice({ costJpy: 1, priceJpy: 0.5 }, base)).toThrow(RangeError);
    expect(() => computePrice({ costJpy: 1 }, { ...base, logic1: 101 })).toThrow(RangeError);
    expect(() => computePrice({ costJpy: 1 }, { ...base, logic1: -51 })).toThrow(RangeError);
    expect(() => computePrice({ costJpy: 1 }, { ...base, logic2: -1 })).toThrow(RangeError);
    expect(() => computePrice({ costJpy: 1 }, { ...base, logic2: 1.5 })).toThrow(RangeError);
  });
});

describe('properties', () => {
  it('always gives a whole, non-negative yen amount', () => {
    forAll((random) => {
      const r = rule(random);
      const input = { costJpy: amount(random), priceJpy: amount(random) };
      const price = computePrice(input, r);
      expect(Number.isSafeInteger(price), JSON.stringify({ input, r, price })).toBe(true);
      expect(price).toBeGreaterThanOrEqual(0);
    });
  });

  it('is never below the base (the cost, with base tariff cost) unless the markup is negative', () => {
    forAll((random) => {
      const r = {
        ...rule(random),
        logic1: pick(
          random,
          MARKUP_OPTIONS.filter((p) => p >= 0),
        ),
      };
      const input = { costJpy: amount(random), priceJpy: amount(random) };
      const price = computePrice(input, r) as number;
      const base = r.baseTariff === 'cost' ? input.costJpy : input.priceJpy;
      expect(price, JSON.stringify({ input, r })).toBeGreaterThanOrEqual(base);
      if (r.baseTariff === 'cost') expect(price).toBeGreaterThanOrEqual(input.costJpy);
    });
  });

  it('keeps at least the chosen margin with a positive markup', () => {
    forAll((random) => {
      const percent = pick(
        random,
        MARKUP_OPTIONS.filter((p) => p > 0),
      );
      const cost = amount(random);
      const price = computePrice({ costJpy: cost }, { ...PRICING_DEFAULTS, logic1: percent });
      // price >= cost * (100 + percent) / 100, compared exactly in integers
      expect((price as number) * 100).toBeGreaterThanOrEqual(cost * (100 + percent));
      // ... and less than one yen above it
      expect(((price as number) - 1) * 100).toBeLessThan(cost * (100 + percent));
    });
  });

  it('rounds a zero or negative markup to the nearest yen, halves up', () => {
    forAll((random) => {
      const percent = pick(
        random,
        MARKUP_OPTIONS.filter((p) => p <= 0),
      );
      const cost = amount(random);
      const price = applyMarkup(cost, percent);
      const exact = cost * (100 + percent); // hundredths of a yen
      const distance = price * 100 - exact;
      expect(distance).toBeGreaterThan(-50);
      expect(distance).toBeLessThanOrEqual(50);
      if (percent < 0) expect(price).toBeLessThanOrEqual(cost);
    });
  });

  it('is monotonic in the cost (and in the list price with base tariff price)', () => {
    forAll((random) => {
      const r = rule(random);
      const low = amount(random);
      const high = low + int(random, 0, pick(random, [1, 10, 1000, 1_000_000]));
      if (high > 2_000_000_000) return;
      const price = r.baseTariff === 'cost' ? 'costJpy' : 'priceJpy';
      const a = computePrice({ costJpy: low, [price]: low }, r) as number;
      const b = computePrice({ costJpy: high, [price]: high }, r) as number;
      expect(b, JSON.stringify({ low, high, r })).toBeGreaterThanOrEqual(a);
    });
  });

  it('is monotonic in the markup percent', () => {
    forAll((random) => {
      const r = rule(random);
      const input = { costJpy: amount(random), priceJpy: amount(random) };
      const index = int(random, 1, MARKUP_OPTIONS.length - 1);
      const higher = computePrice(input, { ...r, logic1: MARKUP_OPTIONS[index - 1] as number });
      const lower = computePrice(input, { ...r, logic1: MARKUP_OPTIONS[index] as number });
      expect(higher as number).toBeGreaterThanOrEqual(lower as number);
    });
  });

  it('logic 3 takes the higher (1) or the lower (0) of logic 1 and logic 2', () => {
    forAll((random) => {
      const r = { ...rule(random), logic2: int(random, 1, 10_000_000) };
      const input = { costJpy: amount(random), priceJpy: amount(random) };
      const base = r.baseTariff === 'cost' ? input.costJpy : input.priceJpy;
      const byLogic1 = applyMarkup(base, r.logic1);
      const byLogic2 = base + r.logic2;
      expect(computePrice(input, { ...r, logic3: 1 })).toBe(Math.max(byLogic1, byLogic2));
      expect(computePrice(input, { ...r, logic3: 0 })).toBe(Math.min(byLogic1, byLogic2));
      const explained = explainPrice(input, { ...r, logic3: 1 });
      expect(explained?.[explained.applied === 'logic1' ? 'logic1Price' : 'logic2Price']).toBe(
        explained?.price,
      );
    });
  });

  it('a higher logic 2 never lowers the price', () => {
    forAll((random) => {
      const r = { ...rule(random), logic2: int(random, 1, 5_000_000) };
      const input = { costJpy: amount(random), priceJpy: amount(random) };
      const price = computePrice(input, r) as number;
      const more = computePrice(input, { ...r, logic2: r.logic2 + int(random, 1, 1000) }) as number;
      expect(more).toBeGreaterThanOrEqual(price);
    });
  });
});

describe('resolveRule', () => {
  const group: PricingRule = { baseTariff: 'cost', logic1: 40, logic2: 0, logic3: 0 };

  it("inherits the group's rule and takes each override that is set", () => {
    expect(resolveRule(group)).toEqual(group);
    expect(resolveRule(group, { logic1: null, logic2: 500, logic3: 1 })).toEqual({
      baseTariff: 'cost',
      logic1: 40,
      logic2: 500,
      logic3: 1,
    });
    expect(resolveRule(group, { baseTariff: 'price', logic1: 0 })).toEqual({
      ...group,
      baseTariff: 'price',
      logic1: 0,
    });
  });
});

describe('gross profit', () => {
  it('is the selling price minus the cost, and a percent of the selling price', () => {
    expect(grossProfit(1400, 1000)).toBe(400);
    expect(grossProfitPercent(1400, 1000)).toBe(28.57); // 28.571...
    expect(grossProfitPercent(1000, 1000)).toBe(0);
    expect(grossProfitPercent(800, 1000)).toBe(-25);
    expect(grossProfitPercent(0, 1000)).toBeNull();
  });

  it('rounds the percent half away from zero at 2 decimals, exactly', () => {
    // 1/8 = 12.5 % exactly; 1/16 = 6.25 %; 1/32 = 3.125 % -> 3.13; -3.125 % -> -3.13
    expect(grossProfitPercent(8, 7)).toBe(12.5);
    expect(grossProfitPercent(32, 31)).toBe(3.13);
    expect(grossProfitPercent(32, 33)).toBe(-3.13);
    expect(grossProfitPercent(3, 2)).toBe(33.33);
    expect(grossProfitPercent(3, 1)).toBe(66.67);
  });
});

describe('convertMinorToJpy', () => {
  it('converts minor units at a decimal rate and rounds half-up to the yen', () => {
    expect(convertMinorToJpy(1234, 2, '150.5')).toBe(1857); // 12.34 x 150.5 = 1857.17
    expect(convertMinorToJpy(1000, 2, '150.25')).toBe(1503); // 1502.5 -> 1503
    expect(convertMinorToJpy(1, 2, '50')).toBe(1); // 0.5 -> 1
    expect(convertMinorToJpy(1, 2, '49.999999')).toBe(0);
    expect(convertMinorToJpy(500, 0, '1')).toBe(500); // JPY
    expect(convertMinorToJpy(12345, 3, '0.4321')).toBe(5); // KWD-like 12.345 x 0.4321 = 5.334
    expect(convertMinorToJpy(999, 2, 161.07)).toBe(1609); // 9.99 x 161.07 = 1609.0893
    expect(convertMinorToJpy(0, 2, '150')).toBe(0);
  });

  it('is exact where floating point is not', () => {
    // 1.005 x 1000 = 1005 exactly; 0.1 + 0.2 style errors must not move a half
    expect(convertMinorToJpy(1005, 3, '0.5')).toBe(1); // 0.5025 -> 1
    expect(convertMinorToJpy(3, 1, '0.5')).toBe(0); // 0.15 -> 0
    expect(convertMinorToJpy(35, 2, '10')).toBe(4); // 3.5 -> 4
    expect(convertMinorToJpy(145, 2, '10')).toBe(15); // 14.5 -> 15
  });

  it('refuses negative or malformed input', () => {
    expect(() => convertMinorToJpy(-1, 2, '1')).toThrow(RangeError);
    expect(() => convertMinorToJpy(1.5, 2, '1')).toThrow(RangeError);
    expect(() => convertMinorToJpy(1, 2, '-1')).toThrow(RangeError);
    expect(() => convertMinorToJpy(1, 2, '1e3')).toThrow(RangeError);
  });
});
