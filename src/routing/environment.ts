/** Where the console runs, derived from the API server's address (console-spec §2). */
export type Environment = 'local' | 'staging' | 'production' | 'unknown';

/** The product name as each environment shows it in the document title. */
export const environmentTitles: Record<Environment, string> = {
  local: 'Loupe · development',
  staging: 'Loupe · staging',
  production: 'Loupe',
  unknown: 'Loupe · unknown mode',
};

function isLocalHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname === '0.0.0.0' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** A local address → local; a host ending in `.dev` → staging; any other host → production; unparseable → unknown. */
export function environmentOf(address: string | null | undefined): Environment {
  const trimmed = address?.trim() ?? '';
  if (!trimmed) return 'unknown';
  let url: URL;
  try {
    url = new URL(trimmed.includes('://') ? trimmed : `http://${trimmed}`);
  } catch {
    return 'unknown';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'unknown';
  const hostname = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!hostname) return 'unknown';
  if (isLocalHost(hostname)) return 'local';
  if (hostname.endsWith('.dev')) return 'staging';
  return 'production';
}

/** The document title: the page's name, then the environment's title, e.g. `Users — Loupe · development`. */
export function documentTitle(page: string | null | undefined, environment: Environment): string {
  const suffix = environmentTitles[environment];
  return page ? `${page} — ${suffix}` : suffix;
}
