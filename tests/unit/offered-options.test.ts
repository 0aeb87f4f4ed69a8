import { describe, expect, it } from 'vitest';
import changeCurrency from '../../commands/currency/change-currency';
import type { OptionsFromCall, ParamsSpec } from '../../commands/define';
import { parseForm } from '../../commands/form-values';
import createBanner from '../../commands/marketing/create-banner';
import generatePromotionLink from '../../commands/marketing/generate-promotion-link';
import { noteOffered } from '../../commands/offered-options';
import { userTarget } from '../../commands/target';
import giveCredit from '../../commands/users/give-credit';
import { giveCreditReasons } from '../../domain/user-actions';
import { customerRow } from './support/customer-row';

/**
 * A console pointed at another server follows that server's lists: a select whose options a call serves takes what the
 * call listed (the server still validates), not only the values this console's domain/ enums know.
 */
const known = giveCreditReasons.map((reason) => reason.value);
const spec = giveCredit.params as unknown as ParamsSpec;
const sourceOf = (params: ParamsSpec, name: string) => params.fields[name]?.options as OptionsFromCall;

describe('server-listed selects', () => {
  it('refuse a value no list offered, before the call answered (the domain’s enum applies)', () => {
    const parsed = parseForm(spec, { amount: '10', reason: 'SERVER_ONLY_REASON', description: '' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.fields.reason).toBe('Choose one of the listed reasons');
  });

  it('take a value only the server listed, and refuse one it no longer lists', () => {
    noteOffered(sourceOf(spec, 'reason'), {}, [...known.slice(1), 'SERVER_ONLY_REASON']);
    const taken = parseForm(spec, { amount: '10', reason: 'SERVER_ONLY_REASON', description: '' });
    expect(taken).toEqual({ ok: true, data: { amount: 10, reason: 'SERVER_ONLY_REASON', description: '' } });

    const dropped = parseForm(spec, { amount: '10', reason: known[0] as string, description: '' });
    expect(dropped.ok).toBe(false);
    if (!dropped.ok) expect(dropped.errors.fields.reason).toBe('Choose one of the listed reasons');

    const empty = parseForm(spec, { amount: '10', reason: '', description: '' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(empty.errors.fields.reason).toBe('Choose one of the listed reasons');
  });

  it('leave an optional server-listed select empty when nothing is chosen (the banner’s audience)', () => {
    const banner = createBanner.params as unknown as ParamsSpec;
    noteOffered(sourceOf(banner, 'country'), {}, ['GB', 'IE', 'XK']);
    // Only the audience fields are looked at: the banner's other required fields (images, type, address) are empty.
    const empty = parseForm(banner, { country: '', language: '' });
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(Object.keys(empty.errors.fields)).not.toContain('country');
    if (!empty.ok) expect(Object.keys(empty.errors.fields)).not.toContain('language');
    const chosen = parseForm(banner, { country: 'XK' });
    if (!chosen.ok) expect(Object.keys(chosen.errors.fields)).not.toContain('country');
    const unlisted = parseForm(banner, { country: 'FR' });
    if (!unlisted.ok) expect(Object.keys(unlisted.errors.fields)).toContain('country');
  });

  it('keep the rest of the schema: other fields’ rules and the form’s own refinements', () => {
    const link = generatePromotionLink.params as unknown as ParamsSpec;
    noteOffered(sourceOf(link, 'duration_unit'), {}, ['HOURS', 'DAYS', 'WEEKS']);
    noteOffered(sourceOf(link, 'benefit'), {}, ['50_PERCENT', '10_PERCENT']);
    const form = { landing_page: 'CHECKOUT', source: 'CUSTOMER_MESSAGING', action: 'SUBSCRIBE', slug: '' };
    const weeks = parseForm(link, { ...form, benefit: '10_PERCENT', duration: '3', duration_unit: 'WEEKS' });
    expect(weeks.ok && weeks.data).toMatchObject({ benefit: '10_PERCENT', duration: 3, duration_unit: 'WEEKS' });
    // The refinement (at most 90 days) still reads the unit it knows.
    const tooLong = parseForm(link, { ...form, benefit: '10_PERCENT', duration: '91', duration_unit: 'DAYS' });
    expect(tooLong.ok).toBe(false);
    if (!tooLong.ok) expect(tooLong.errors.fields.duration).toMatch(/at most 90 days/);
    const badDuration = parseForm(link, { ...form, benefit: '10_PERCENT', duration: '0', duration_unit: 'WEEKS' });
    expect(badDuration.ok).toBe(false);
  });

  it('follow the list the call answered for this customer (a call whose input is the customer)', () => {
    const currency = changeCurrency.params as unknown as ParamsSpec;
    const jane = userTarget(customerRow({ id: 42, currency: 'USD' }));
    const joe = userTarget(customerRow({ id: 43, currency: 'USD' }));
    noteOffered(sourceOf(currency, 'new_currency'), { params: { user_id: 42 } }, ['EUR', 'CHF']);
    expect(parseForm(currency, { new_currency: 'CHF' }, { role: 'ADMIN', target: jane }).ok).toBe(true);
    expect(parseForm(currency, { new_currency: 'CHF' }, { role: 'ADMIN', target: joe }).ok).toBe(false);
  });
});
