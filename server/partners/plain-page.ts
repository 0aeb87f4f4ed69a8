import type { FastifyReply } from 'fastify';

/** The public pages' own policy: no script at all, their one inline style sheet, images from our origin. */
const publicPagePolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Text made safe to put inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const style = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 40rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
  h1 { font-size: 1.6rem; margin-bottom: 0.25rem; }
  .muted { opacity: 0.7; }
  ul { padding-left: 1.2rem; }
`;

/**
 * Sends a small standalone HTML page (outside the console: short-link errors, partner profile pages). `title` is text;
 * `bodyHtml` must already be escaped.
 */
export function plainPage(reply: FastifyReply, title: string, bodyHtml: string): FastifyReply {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style></head><body><main><h1>${escapeHtml(title)}</h1>${bodyHtml.startsWith('<') ? bodyHtml : `<p>${escapeHtml(bodyHtml)}</p>`}</main></body></html>`;
  return reply.header('Content-Security-Policy', publicPagePolicy).type('text/html; charset=utf-8').send(html);
}
