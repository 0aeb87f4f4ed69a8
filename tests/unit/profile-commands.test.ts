import { describe, expect, it } from 'vitest';
import { parseForm } from '../../commands/form-values';
import shareProfile from '../../commands/profiles/share-profile';

const spec = shareProfile.params;
if (!spec) throw new Error('share profile has a form');

describe('Share profile', () => {
  const form = { profile_id: '7', email: ' Assistant@Studio.example ', silent: false };

  it('lets a partners manager share silently only, and says so under the field', () => {
    const refused = parseForm(spec, form, { role: 'PARTNERS_MANAGER', target: undefined });
    expect(refused).toEqual({
      ok: false,
      errors: { fields: { silent: 'Your role may share silently only: tick this' }, form: null },
    });
    const silent = parseForm(spec, { ...form, silent: true }, { role: 'PARTNERS_MANAGER', target: undefined });
    expect(silent).toEqual({ ok: true, data: { profile_id: 7, email: 'assistant@studio.example', silent: true } });
  });

  it('lets support announce a share by e-mail, and refuses an invalid address', () => {
    expect(parseForm(spec, form, { role: 'SUPPORT_PL1', target: undefined }).ok).toBe(true);
    const invalid = parseForm(spec, { ...form, email: 'not an address' }, { role: 'SUPPORT_PL1', target: undefined });
    expect(invalid.ok).toBe(false);
    expect(invalid.ok ? null : invalid.errors.fields.email).toBe('Must be an e-mail address');
  });
});
