import { describe, expect, it } from 'vitest';
import { hostAllowed, isSitePath, isSitePathOrPublicHttps, publicHttpsProblem } from '../../domain/addresses';
import { sendNotificationBody } from '../../domain/notifications';
import { baseUrlSchema } from '../../domain/partner-fields';

/** Issue 19 item 5: the probes that found open redirects and server-side reach in the addresses staff type. */
describe('addresses staff type', () => {
  it('a path is a path: no second slash or backslash, also once percent-decoded', () => {
    for (const ok of ['/', '/offers', '/shop?x=1#top', '/a/b%20c']) expect(isSitePath(ok), ok).toBe(true);
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%2fevil',
      '/%5Cevil',
      '/%252F/evil',
      '/a b',
      'offers',
      '/%E0%A4%A',
    ])
      expect(isSitePath(bad), bad).toBe(false);
  });

  it('an outside address is https to a public host name, without credentials', () => {
    expect(publicHttpsProblem('https://loupe.example/signup?plan=pro#top')).toBeNull();
    const refused: Record<string, string> = {
      'http://loupe.example/': 'https://',
      'javascript:alert(1)': 'https://',
      'https://user:pw@loupe.example/': 'user name',
      'https://127.0.0.1/': 'IP address',
      'https://0x7f.1/': 'IP address',
      'https://2130706433/': 'IP address',
      'https://[::1]/': 'IP address',
      'https://169.254.169.254/latest': 'IP address',
      'https://localhost/': 'public host',
      'https://metadata.google.internal/': 'public host',
      'https://printer.local/': 'public host',
      'https://intranet/': 'public host',
    };
    for (const [address, problem] of Object.entries(refused))
      expect(publicHttpsProblem(address), address).toContain(problem);
  });

  it('applies to notification links, banner redirects and tracking links; an allow-list takes subdomains', () => {
    expect(isSitePathOrPublicHttps('/presets')).toBe(true);
    expect(isSitePathOrPublicHttps('//evil.example')).toBe(false);
    const notification = {
      title: 't',
      content: 'c',
      category: 'NEW',
      sentiment: 'POSITIVE',
      trigger_type: 'BROADCAST',
      segment: { filters: [] },
    };
    expect(sendNotificationBody.safeParse({ ...notification, link: '/%2F%2Fevil.example' }).success).toBe(false);
    expect(baseUrlSchema.safeParse('https://10.0.0.5/').success).toBe(false);
    expect(baseUrlSchema.safeParse('https://loupe.example/').success).toBe(true);
    expect(hostAllowed('www.loupe.example', ['loupe.example'])).toBe(true);
    expect(hostAllowed('loupe.example.evil.com', ['loupe.example'])).toBe(false);
  });
});
