/**
 * Addresses staff type that customers then open (issue 19 item 5): a path on our own site is a path, and an outside
 * address is an https address of a public host. Pure checks, shared by the form, the request validation and the type.
 */

/** Characters no address here carries: whitespace, controls, backslashes (browsers read `\` as `/`). */
const unsafe = /[\s\p{Cc}\\]/u;

/**
 * A path on our own site: one `/` and then not a second one or a backslash, also once percent-decoded (`//evil`,
 * `/\evil`, `/%2F%2Fevil`, `/%5Cevil` all leave the site in some browser or redirect).
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || unsafe.test(value)) return false;
  let decoded = value;
  for (let round = 0; round < 3; round++) {
    if (/^\/[/\\]/.test(decoded)) return false;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) return true;
    decoded = next;
  }
  return false;
}

const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const internalSuffixes = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.intranet', '.corp'];

/**
 * Why an outside address is refused (null: it is fine): https only, no user or password, a host name (no IP literal,
 * which WHATWG URL also makes of `0x7f.1` or `2130706433`), no loopback, private, link-local or internal name.
 */
export function publicHttpsProblem(value: string): string | null {
  if (unsafe.test(value)) return 'must not contain spaces, control characters or backslashes';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an https:// address';
  }
  if (url.protocol !== 'https:') return 'must be an https:// address';
  if (url.username || url.password) return 'must not carry a user name or password';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || ipv4.test(host)) return 'must name a host, not an IP address';
  if (!host.includes('.') || host === 'localhost' || internalSuffixes.some((suffix) => host.endsWith(suffix))) {
    return 'must name a public host';
  }
  return null;
}

/** A site path or a public https address (banner redirect_url, notification link). */
export function isSitePathOrPublicHttps(value: string): boolean {
  return isSitePath(value) || publicHttpsProblem(value) === null;
}

/** Whether `host` is one of `allowed` or under one of them (`example.com` allows `www.example.com`). */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return allowed.some((entry) => name === entry || name.endsWith(`.${entry}`));
}
