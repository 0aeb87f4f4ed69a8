import { xsrfCookie } from '../../domain/call-address';

/** The cross-site request token the server set in the `XSRF-TOKEN` cookie, echoed on every mutation. */
export function readXsrfToken(cookies: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== xsrfCookie) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}
