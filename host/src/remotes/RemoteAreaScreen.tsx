import type { ComponentType } from 'react';
import type { PinnedRemote } from '@esim/contracts';
import type { RemoteRoute } from '@esim/remote-kit';
import { NotDeployedPage } from '../shell/NotDeployedPage';
import type { AreaId } from '../routes/route-table';
import type { AreaScreenProps } from './remote-loader';

/**
 * The adapter from the host's area route (AreaScreen: area + the matched pattern of the host's
 * route table) to the remote's route objects: renders the Component of the remote route with
 * the same path. A route the pinned version does not have yet shows 'not deployed'.
 */
export function createRemoteAreaScreen(
  area: AreaId,
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
