import { Amplify } from 'aws-amplify';
import type { IdentityConfig } from '../runtime-config';

/**
 * Points Amplify at the user pool from the runtime config. userPoolEndpoint is set only for the
 * embedded Cognito-compatible service; null means the real Cognito endpoint of the region.
 */
export function configureAuth(identity: IdentityConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        ...(identity.userPoolEndpoint ? { userPoolEndpoint: identity.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}
