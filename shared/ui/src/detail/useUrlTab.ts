import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The open tab of a detail screen in the URL (?tab=), so a reload or a shared link opens the same
 * tab; the first tab is the default and leaves the URL clean. Unknown values fall back to it.
 */
export function useUrlTab<T extends string>(tabs: readonly T[]): [T, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = tabs[0] as T;
  const value = params.get('tab') ?? '';
  const tab = (tabs as readonly string[]).includes(value) ? (value as T) : fallback;
  const setTab = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams, fallback],
  );
  return [tab, setTab];
}
