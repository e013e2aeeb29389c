import type { ComponentType } from 'react';
import type { PinnedRemote } from '@esim/contracts';
import type { RemoteRoute } from '@esim/remote-kit';
import { NotDeployedPage } from '../shell/NotDeployedPage';
import type { AreaScreenProps } from './remote-loader';

/**
 * The adapter from the host's area route (AreaScreen: area + the matched path of the remote's
 * route manifest) to the remote's route objects: renders the Component of the remote route
 * with the same path. A route the loaded version does not have (its manifest was newer or
 * older than its code) shows 'not deployed'.
 */
export function createRemoteAreaScreen(
  area: string,
  release: PinnedRemote,
  routes: readonly RemoteRoute[],
): ComponentType<AreaScreenProps> {
  const byPath = new Map(routes.map((route) => [route.path, route]));
  function RemoteAreaScreen({ routePath }: AreaScreenProps) {
    const route = byPath.get(routePath);
    if (!route) return <NotDeployedPage area={area} />;
    const Screen = route.Component;
    return (
      <div
        data-testid="remote-area"
        data-remote={area}
        data-version={release.version}
        data-preview={release.preview === true ? 'true' : undefined}
      >
        <Screen />
      </div>
    );
  }
  RemoteAreaScreen.displayName = `RemoteAreaScreen(${area})`;
  return RemoteAreaScreen;
}
