import { afterEach, describe, expect, it } from 'vitest';

/*
 * The unit project's setup file (jsdomSelectorCache.ts) keeps every selector jsdom's
 * getComputedStyle compiles, where nwsapi kept the last 1000 and antd's CSS outgrew them (each
 * call compiled every selector again). This fails when a jsdom upgrade leaves the setup file
 * doing nothing: see there.
 */

const RULES = 1200;

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

function styleEngine() {
  const implSymbol = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
  const impl = (document as unknown as Record<symbol, Record<string, unknown>>)[implSymbol!];
  return impl?._nwsapiDontThrow as { matchResolvers: { size(): number } } | undefined;
}

describe('computed styles under more CSS rules than nwsapi caches', () => {
  it('keeps every compiled selector and still finds the rules that apply', () => {
    const style = document.createElement('style');
    style.textContent = [
      ...Array.from({ length: RULES }, (_, i) => `.rule-${i} { color: rgb(1, 2, 3); }`),
      '.target { display: none; }',
    ].join('\n');
    document.head.append(style);
    const target = document.createElement('div');
    target.className = 'target rule-7';
    const other = document.createElement('div');
    document.body.append(target, other);

    expect(getComputedStyle(target).display).toBe('none');
    expect(getComputedStyle(target).color).toBe('rgb(1, 2, 3)');
    expect(getComputedStyle(other).display).toBe('block');
    expect(styleEngine()?.matchResolvers.size()).toBeGreaterThan(RULES);
  });
});
