import { describe, expect, it } from 'vitest';
import { documentTitle, environmentOf } from '../../src/routing/environment';

describe('environmentOf', () => {
  it.each([
    'http://localhost:8080',
    'http://localhost',
    'https://127.0.0.1',
    'http://127.4.5.6:3000',
    'http://[::1]:8080',
    'localhost:5173',
    'http://console.localhost',
  ])('%s is local', (address) => expect(environmentOf(address)).toBe('local'));

  it.each(['https://admin.loupe.dev', 'https://loupe.dev/', 'api.staging.dev'])('%s is staging', (address) =>
    expect(environmentOf(address)).toBe('staging'),
  );

  it.each(['https://admin.loupe.com', 'https://10.0.0.4', 'https://dev.loupe.io', 'https://devices.example'])(
    '%s is production',
    (address) => expect(environmentOf(address)).toBe('production'),
  );

  it.each(['', '   ', undefined, null, 'http://', 'not a url', 'file:///etc/passwd', 'ftp://loupe.com'])(
    '%s is unknown',
    (address) => expect(environmentOf(address)).toBe('unknown'),
  );
});

describe('documentTitle', () => {
  it('names the page, then the environment', () => {
    expect(documentTitle('Users', 'local')).toBe('Users — Loupe · development');
    expect(documentTitle('Users', 'staging')).toBe('Users — Loupe · staging');
    expect(documentTitle('Users', 'production')).toBe('Users — Loupe');
    expect(documentTitle('Users', 'unknown')).toBe('Users — Loupe · unknown mode');
  });

  it('is the environment title alone without a page', () => {
    expect(documentTitle(null, 'production')).toBe('Loupe');
  });
});
