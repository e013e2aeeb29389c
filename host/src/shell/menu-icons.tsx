import type { ComponentType } from 'react';
import { ICONS } from '@esim/ui/icons';
import { ROUTE_ICONS, type RouteIcon } from '@esim/remote-kit/manifest';

/**
 * The icons a remote's route manifest may name (ROUTE_ICONS of @esim/remote-kit/manifest), as
 * the menu renders them, from the console's curated icon set (@esim/ui/icons, a shared
 * singleton): `ICONS[name]` does not compile for a name the set lacks, so neither side drifts.
 */
function menuIcons(): Record<RouteIcon, ComponentType> {
  const icons = {} as Record<RouteIcon, ComponentType>;
  for (const name of ROUTE_ICONS) icons[name] = ICONS[name];
  return icons;
}

export const MENU_ICONS = menuIcons();
