import { describe, expect, it } from 'vitest';
import { consoleUrlElsewhere } from '../src/auth/console-origin';

const page = (origin: string) => ({ origin, pathname: '/admin/auth/login', search: '' });

describe('the console origin on the login screen', () => {
  it('any origin will do without PUBLIC_URL (embedded default)', () => {
    expect(consoleUrlElsewhere(null, page('http://127.0.0.1:3300'))).toBeNull();
    expect(consoleUrlElsewhere(undefined, page('http://192.168.1.20:3300'))).toBeNull();
  });

  it('at the PUBLIC_URL origin nothing is said', () => {
    expect(consoleUrlElsewhere('http://localhost:3300', page('http://localhost:3300'))).toBeNull();
    expect(
      consoleUrlElsewhere('https://console.example.com/', page('https://console.example.com')),
    ).toBeNull();
  });

  it('at another origin, points at the same page on the PUBLIC_URL origin', () => {
    expect(consoleUrlElsewhere('http://localhost:3300', page('http://127.0.0.1:3300'))).toBe(
      'http://localhost:3300/admin/auth/login',
    );
    expect(
      consoleUrlElsewhere('https://console.example.com', {
        origin: 'http://10.0.0.5:8080',
        pathname: '/admin/auth/login',
        search: '?x=1',
      }),
    ).toBe('https://console.example.com/admin/auth/login?x=1');
  });
});
