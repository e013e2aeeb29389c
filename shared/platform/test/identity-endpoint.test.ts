import { Amplify } from 'aws-amplify';
import { describe, expect, it } from 'vitest';
import { configureAuth } from '../src';
import { identityEndpointUrl } from '../src/auth/identity-endpoint';

const identity = {
  region: 'ap-northeast-1',
  userPoolId: 'ap-northeast-1_local',
  userPoolClientId: 'c',
};

describe('the identity endpoint', () => {
  it('a path is on the origin the console is reached at', () => {
    expect(identityEndpointUrl('/identity', 'http://127.0.0.1:3300')).toBe(
      'http://127.0.0.1:3300/identity',
    );
    expect(identityEndpointUrl('/identity', 'http://192.168.1.20:3000')).toBe(
      'http://192.168.1.20:3000/identity',
    );
  });

  it('an absolute URL (PUBLIC_URL) stays as it is', () => {
    expect(
      identityEndpointUrl('https://console.example.com/identity', 'http://127.0.0.1:3300'),
    ).toBe('https://console.example.com/identity');
  });

  it('configureAuth gives Amplify the absolute endpoint of this origin', () => {
    configureAuth({ ...identity, userPoolEndpoint: '/identity' }, 'http://127.0.0.1:3300');
    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe(
      'http://127.0.0.1:3300/identity',
    );
    configureAuth({ ...identity, userPoolEndpoint: null }, 'http://127.0.0.1:3300');
    expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBeUndefined();
  });
});
