/**
 * A setup file of the unit project (vitest.config.ts): jsdom's getComputedStyle matches every CSS
 * rule of the document against the element, through nwsapi, whose caches of compiled selectors
 * keep the last 1000. antd's CSS-in-JS puts more rules than that in the document, so a walk over
 * them in order evicts each selector before its next use and every call compiles every selector
 * again: antd's tables (their container width, the scrollbar size) and testing-library's role
 * queries (is the element hidden?) ask for computed styles often, and two thirds of a wizard
 * test's time went there. Unbounded caches compile each selector once per test file; what
 * matches is unchanged. jsdom 26 keeps its two nwsapi engines on the document's implementation
 * object; where they are not found (another jsdom, a file in the node environment), this does
 * nothing.
 */

interface SelectorCache {
  get(key: string): unknown;
  has(key: string): boolean;
  set(key: string, value: unknown): unknown;
  clear(): void;
  size(): number;
}

const CACHES = ['matchLambdas', 'selectLambdas', 'matchResolvers', 'selectResolvers'] as const;

function unbounded(cache: SelectorCache) {
  const entries = new Map<string, unknown>();
  cache.get = (key) => entries.get(key);
  cache.has = (key) => entries.has(key);
  cache.set = (key, value) => {
    entries.set(key, value);
    return value;
  };
  cache.clear = () => entries.clear();
  cache.size = () => entries.size;
}

// Files that run in the node environment have no document.
const implSymbol =
  typeof document === 'undefined'
    ? undefined
    : Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
if (implSymbol) {
  // Both engines are made on first use: the one getComputedStyle uses, the one of matches().
  window.getComputedStyle(document.documentElement);
  document.documentElement.matches('html');
  const impl = (document as unknown as Record<symbol, Record<string, unknown>>)[implSymbol];
  for (const engine of [impl?._nwsapiDontThrow, impl?._nwsapi]) {
    for (const name of CACHES) {
      const cache = (engine as Partial<Record<string, SelectorCache>> | undefined)?.[name];
      if (typeof cache?.set === 'function') unbounded(cache);
    }
  }
}
