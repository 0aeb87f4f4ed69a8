import { describe, expect, it } from 'vitest';
import { parseIdentifier, resolveQueryOf } from '../../domain/identifiers';
import { findQueryOf } from '../../views/palette/usePaletteFind';

const origin = 'https://loupe.example.com';
const parse = (text: string) => parseIdentifier(text, origin);

describe('parseIdentifier: what a pasted text names', () => {
  it('reads ids as every page writes them', () => {
    expect(parse('#1508')).toEqual({ kind: 'number', id: 1508 });
    expect(parse('1508')).toEqual({ kind: 'number', id: 1508 });
    expect(parse(' # 1508 ')).toEqual({ kind: 'number', id: 1508 });
    expect(parse('Project #12')).toEqual({ kind: 'number', id: 12, of: 'project' });
    expect(parse('model 7')).toEqual({ kind: 'number', id: 7, of: 'model' });
    expect(parse('charge #99')).toEqual({ kind: 'number', id: 99, of: 'charge' });
  });

  it('refuses ids no record can have: too large, leading zeros, signs', () => {
    expect(parse('#99999999999')).toBeUndefined();
    expect(parse('#2147483648')).toEqual({ kind: 'none' });
    expect(parse('057')).toBeUndefined();
    expect(parse('+57')).toBeUndefined();
  });

  it('reads an invoice number as its charge', () => {
    expect(parse('LP-2026-0008268')).toEqual({
      kind: 'invoice',
      number: 'LP-2026-0008268',
      chargeId: 8268,
      year: 2026,
    });
    expect(parse('lp-2026-0008268')).toMatchObject({ kind: 'invoice', number: 'LP-2026-0008268' });
  });

  it('reads e-mails whole or in part', () => {
    expect(parse('SCook@Example.com')).toEqual({ kind: 'email', email: 'scook@example.com' });
    expect(parse('scook@')).toEqual({ kind: 'email', email: 'scook@' });
  });

  it('reads Loupe addresses: routes with their ?run=, short links, promotion links; never another host', () => {
    expect(parse(`${origin}/users/1508/credits?run=user.give-credit&amount=5`)).toEqual({
      kind: 'path',
      path: '/users/1508/credits',
      search: '?run=user.give-credit&amount=5',
    });
    expect(parse('/models/12')).toEqual({ kind: 'path', path: '/models/12', search: '' });
    expect(parse(`${origin}/l/Summer-Sale`)).toEqual({ kind: 'slug', slug: 'summer-sale' });
    expect(parse(`${origin}/p/abc.def`)).toEqual({ kind: 'promotion_token', token: 'abc.def' });
    expect(parse('https://evil.example/users/1508/general')).toEqual({ kind: 'none' });
    expect(parse('https://loupe.example.com.evil.example/users/1')).toEqual({ kind: 'none' });
    expect(parse('//evil.example/users/1')).toBeUndefined();
  });

  it('takes a ticket’s first Loupe address, else its first e-mail; a 100 kB ticket with neither is nothing', () => {
    const ticket = `Hi,\nI was charged twice, see https://other.example/x and ${origin}/users/77/charges.\nFrom jo@x.example`;
    expect(parse(ticket)).toEqual({ kind: 'path', path: '/users/77/charges', search: '' });
    expect(parse('Hello,\nplease help, my address is Jo.Doe@Mail.example, thanks')).toEqual({
      kind: 'email',
      email: 'jo.doe@mail.example',
    });
    // A text input drops the line breaks of a pasted ticket: the words around an e-mail still make it a ticket.
    expect(parse('Hi, my account is JO@X.example. Thanks')).toEqual({ kind: 'email', email: 'jo@x.example' });
    const huge = 'lorem ipsum '.repeat(9000);
    expect(huge.length).toBeGreaterThan(100_000);
    expect(parse(huge)).toEqual({ kind: 'none' });
  });

  it('reads a single word as a possible slug or partner ref, and leaves names and odd text to the search', () => {
    expect(parse('SunnyStudio')).toEqual({ kind: 'slug', slug: 'sunnystudio' });
    expect(parse('Jane Doe')).toBeUndefined();
    expect(parse('#')).toBeUndefined();
    expect(parse('%00')).toBeUndefined();
    expect(parse('')).toBeUndefined();
  });

  it('asks the server for the identifier, never the ticket around it, and nothing for another host', () => {
    expect(resolveQueryOf(parse('Project #12'))).toBe('project #12');
    expect(findQueryOf(`Ticket 4411\nsee ${origin}/users/9/general please`, origin)).toMatchObject({
      q: '/users/9/general',
    });
    expect(findQueryOf('https://evil.example/users/1', origin).q).toBeUndefined();
    expect(findQueryOf('j', origin).q).toBeUndefined();
    expect(findQueryOf('%00', origin).q).toBe('%00');
  });
});
