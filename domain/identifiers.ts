/**
 * What a person pasted or typed into the palette, read as an identifier before any fuzzy search: an e-mail, an id
 * (`#1508`, `1508`, `project #12`), an invoice number (`LP-2026-0008268`), a Loupe address (a route of the console,
 * a short link `/l/{slug}`, a promotion link `/p/{token}`), a slug or partner ref, or a ticket's text holding one of
 * these (its first Loupe address, else its first e-mail). Pure: the console parses before it asks, the server parses what it is asked (domain/palette.ts).
 */

/** The kinds of record a pasted identifier may name. */
export const recordKinds = [
  'customer',
  'charge',
  'project',
  'profile',
  'model',
  'partner',
  'short_link',
  'promotion',
] as const;
export type RecordKind = (typeof recordKinds)[number];

export type Identifier =
  /** An e-mail, whole or a fragment holding `@`. */
  | { kind: 'email'; email: string }
  /** A record number; `of` when the text named the kind ("Project #12"). */
  | { kind: 'number'; id: number; of?: RecordKind }
  /** An invoice number: the charge it was made for (`LP-2026-0000123` → charge 123 of 2026). */
  | { kind: 'invoice'; number: string; chargeId: number; year: number }
  /** A route of the console: its path and query (`?run=…` kept). */
  | { kind: 'path'; path: string; search: string }
  /** A short link's or promotion link's slug, or a partner ref: one word of letters, digits, `-` and `_`. */
  | { kind: 'slug'; slug: string }
  /** A promotion link's token (`/p/{token}`). */
  | { kind: 'promotion_token'; token: string }
  /** An address of another host, or a ticket text holding nothing Loupe knows: nothing to look up. */
  | { kind: 'none' };

/** The longest text read as one identifier; longer texts (and any with a line break) are read as a ticket. */
export const maxIdentifierLength = 200;
/** The largest record id (PostgreSQL `integer`). */
export const maxRecordId = 2_147_483_647;

const kindWords: Readonly<Record<string, RecordKind>> = {
  customer: 'customer',
  user: 'customer',
  charge: 'charge',
  payment: 'charge',
  project: 'project',
  profile: 'profile',
  model: 'model',
  partner: 'partner',
};

const emailPattern = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/i;
const urlPattern = /https?:\/\/[^\s<>"'()[\]]+/gi;
const invoicePattern = /^LP-(\d{4})-(\d{7,10})$/i;
const idPattern = /^#?\s*([1-9]\d{0,9})$/;
const namedIdPattern = /^([a-z]+)\s*#?\s*([1-9]\d{0,9})$/i;
const slugPattern = /^[a-z0-9][a-z0-9_-]{1,79}$/i;

function recordId(digits: string): number | undefined {
  const id = Number(digits);
  return id <= maxRecordId ? id : undefined;
}

/** A path of the console (`/users/12/credits?run=…`), its short links and promotion links read as theirs. */
function fromPath(path: string, search: string): Identifier {
  const short = /^\/l\/([^/?#]+)\/?$/.exec(path);
  if (short) return { kind: 'slug', slug: decodeURIComponent(short[1] as string).toLowerCase() };
  const promotion = /^\/p\/([^/?#]+)\/?$/.exec(path);
  if (promotion) return { kind: 'promotion_token', token: promotion[1] as string };
  return { kind: 'path', path, search };
}

function fromUrl(text: string, origin: string | undefined): Identifier {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { kind: 'none' };
  }
  if (!origin || url.origin !== origin) return { kind: 'none' };
  return fromPath(url.pathname, url.search);
}

/** A ticket's text: its first Loupe address, else its first e-mail, else nothing. */
function fromTicket(text: string, origin: string | undefined): Identifier {
  for (const match of text.matchAll(urlPattern)) {
    const found = fromUrl(match[0].replace(/[.,;:!?]+$/, ''), origin);
    if (found.kind !== 'none') return found;
  }
  const email = emailPattern.exec(text);
  return email ? { kind: 'email', email: email[0].toLowerCase() } : { kind: 'none' };
}

/**
 * Reads `typed` as an identifier, or `undefined` when it is plain text for the fuzzy search (a name, a command).
 * `origin` is the console's own (`https://loupe.example.com`): an address of another host is `none`, never followed.
 */
export function parseIdentifier(typed: string, origin?: string): Identifier | undefined {
  const text = typed.trim();
  if (text === '') return undefined;
  if (text.length > maxIdentifierLength || /[\r\n]/.test(text)) return fromTicket(text, origin);
  // Words around an address or an e-mail (a text input drops a pasted ticket's line breaks): the ticket's identifier.
  if (/\s/.test(text) && (text.includes('@') || /https?:\/\//i.test(text))) {
    const found = fromTicket(text, origin);
    if (found.kind !== 'none') return found;
  }
  if (/^https?:\/\//i.test(text)) return fromUrl(text, origin);
  if (text.startsWith('/') && !text.startsWith('//')) {
    const query = text.indexOf('?');
    return fromPath(query < 0 ? text : text.slice(0, query), query < 0 ? '' : text.slice(query));
  }
  const invoice = invoicePattern.exec(text);
  if (invoice) {
    const chargeId = recordId(invoice[2] as string);
    return chargeId === undefined
      ? { kind: 'none' }
      : { kind: 'invoice', number: text.toUpperCase(), chargeId, year: Number(invoice[1]) };
  }
  const id = idPattern.exec(text);
  if (id) {
    const value = recordId(id[1] as string);
    return value === undefined ? { kind: 'none' } : { kind: 'number', id: value };
  }
  const named = namedIdPattern.exec(text);
  const of = named ? kindWords[(named[1] as string).toLowerCase()] : undefined;
  if (named && of) {
    const value = recordId(named[2] as string);
    return value === undefined ? { kind: 'none' } : { kind: 'number', id: value, of };
  }
  if (text.includes('@') && !/\s/.test(text)) return { kind: 'email', email: text.toLowerCase() };
  if (slugPattern.test(text) && !/^\d+$/.test(text)) return { kind: 'slug', slug: text.toLowerCase() };
  return undefined;
}

/**
 * What to send the server for an identifier (`GET palette/resolve?q=`): the same text read the same way there, with
 * an address made a path (the server does not know the console's origin). Undefined when there is nothing to ask.
 */
export function resolveQueryOf(identifier: Identifier | undefined): string | undefined {
  if (!identifier) return undefined;
  switch (identifier.kind) {
    case 'email':
      return identifier.email;
    case 'number':
      return identifier.of ? `${identifier.of} #${identifier.id}` : `#${identifier.id}`;
    case 'invoice':
      return identifier.number;
    case 'path':
      return identifier.path;
    case 'slug':
      return identifier.slug;
    case 'promotion_token':
      return `/p/${identifier.token}`;
    case 'none':
      return undefined;
  }
}
