import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readPeriod, writePeriod, type DashboardPeriod } from './period';

/** The dashboard's period, kept in the URL so a reload or a shared link shows the same figures. */
export function usePeriod(): [DashboardPeriod, (period: DashboardPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => readPeriod(params), [params]);
  const setPeriod = useCallback(
    (next: DashboardPeriod) =>
      setParams((current) => writePeriod(next, current), { replace: true }),
    [setParams],
  );
  return [period, setPeriod];
}
