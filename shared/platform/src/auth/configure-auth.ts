import { Amplify } from 'aws-amplify';
import type { IdentityConfig } from '../runtime-config';
import { identityEndpointUrl } from './identity-endpoint';

/**
 * Points Amplify at the user pool from the runtime config. userPoolEndpoint is set only for the
 * embedded Cognito-compatible service; null means the real Cognito endpoint of the region.
 */
export function configureAuth(
  identity: IdentityConfig,
  pageOrigin: string = window.location.origin,
): void {
  const endpoint = identity.userPoolEndpoint
    ? identityEndpointUrl(identity.userPoolEndpoint, pageOrigin)
    : undefined;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
