import { Skeleton } from 'antd';
import { Suspense, lazy, type ReactNode } from 'react';

/*
 * The charts library (@ant-design/charts, about 1.8 MB minified) in a chunk of its own, loaded
 * when the first chart renders: the dashboard's cards, figures and tables show at once and each
 * chart takes its place when the library arrives.
 */
const charts = () => import('./chartComponents');

export const Bar = lazy(() => charts().then((module) => ({ default: module.Bar })));
export const DualAxes = lazy(() => charts().then((module) => ({ default: module.DualAxes })));
export const Pie = lazy(() => charts().then((module) => ({ default: module.Pie })));
export const TinyLine = lazy(() => charts().then((module) => ({ default: module.Tiny.Line })));

/** A chart's place while the library loads: a skeleton of the chart's height. */
export function ChartSlot({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div style={{ height, overflow: 'hidden' }} data-testid="chart-loading">
          <Skeleton
            active
            title={false}
            paragraph={{ rows: Math.max(1, Math.floor(height / 40)) }}
          />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
