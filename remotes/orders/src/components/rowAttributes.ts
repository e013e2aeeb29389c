import type { HTMLAttributes } from 'react';

/**
 * data-* attributes for an antd table row (onRow): tests and e2e find rows by them. antd types
 * onRow's answer as HTML attributes, which name no data-* keys.
 */
export function rowAttributes(
  attributes: Record<`data-${string}`, string>,
): HTMLAttributes<HTMLElement> {
  return attributes as HTMLAttributes<HTMLElement>;
}
