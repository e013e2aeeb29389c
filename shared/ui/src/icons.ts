/**
 * @esim/ui/icons: the console's icon set, curated. Only the @ant-design/icons the console uses,
 * each imported from its own module: the package entry (`@ant-design/icons`) holds every icon
 * (about 190 KB gzip) and, shared through Module Federation, cannot be tree-shaken.
 *
 * Shared as a singleton (`@esim/build` createSharedConfig): the host provides it, remotes use
 * the host's copy (their own build is the fallback). Screens import icons from here, never from
 * `@ant-design/icons` (shared/build/test/curated-modules.test.ts checks it); route manifests
 * name their menu icon (ROUTE_ICONS of @esim/remote-kit/manifest), which the host resolves
 * through ICONS. A new icon: add its line to icon-set.ts (and, for a menu, to ROUTE_ICONS) and release the host.
 * See docs/decisions/0015-precompressed-transfer-curated-shares-incremental-build.md.
 */
import type { ComponentType } from 'react';
import * as iconSet from './icon-set';

export * from './icon-set';

/** Every icon of the set, by name (a route manifest's `icon`, a menu entry). */
export const ICONS = iconSet satisfies Record<string, ComponentType<object>>;

/** The name of an icon of the set. */
export type IconName = keyof typeof ICONS;
