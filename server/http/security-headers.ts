import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route sets its own headers and helmet's are not added (`secureHeaders`). */
    securityHeaders?: boolean;
  }
}

/** One year, with subdomains: sent only where the browser will honour it (HTTPS). */
export const hstsValue = 'max-age=31536000; includeSubDomains';

/**
 * `'sha256-…'` sources for the inline scripts of the console's index.html (the theme script that runs before paint),
 * so that script-src needs no 'unsafe-inline': any other inline script, injected or not, is refused.
 */
export async function inlineScriptHashes(staticDir: string | null): Promise<string[]> {
  if (!staticDir) return [];
  let html: string;
  try {
    html = await readFile(join(staticDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() !== '') hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Security headers on every answer (helmet): a strict Content-Security-Policy (scripts and styles from the
 * origin only, no inline script but the hashed theme script, no framing), X-Frame-Options DENY, nosniff,
 * Referrer-Policy no-referrer, cross-origin isolation of resources and openers. HSTS only when the request arrived over
 * HTTPS (X-Forwarded-Proto counts behind a trusted proxy) or the deployment says it is behind TLS (SECURE_COOKIES).
 * React's `style` props are set through the CSSOM, which style-src does not govern, so no 'unsafe-inline' there.
 *
 * Helmet's middleware is built once and applied in one synchronous hook. @fastify/helmet built it anew on every request
 * (parsing the CSP directives each time, in two async hooks): about 2 % of a user read's CPU in a profile.
 */
export async function secureHeaders(
  app: FastifyInstance,
  options: {
    staticDir: string | null;
    secureCookies: boolean;
    /** Other origins the console sends data to (connect-src): the bucket banner images are PUT to, in bucket mode. */
    connectOrigins?: readonly string[];
  },
): Promise<void> {
  const scriptHashes = await inlineScriptHashes(options.staticDir);
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(options.connectOrigins ?? [])],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    // A route that sets its own few headers (the short links' 302) opts out with `config: { securityHeaders: false }`.
    if (request.routeOptions.config.securityHeaders === false) return done();
    apply(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https' || options.secureCookies) reply.header('Strict-Transport-Security', hstsValue);
  });
}
