import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ParamsSpec } from '../../commands/define';
import { parseForm } from '../../commands/form-values';
import { serverMessageInWords } from '../../commands/issue-words';

const spec: ParamsSpec = {
  schema: z.object({
    discount: z.enum(['50_PERCENT', '25_PERCENT']),
    credits: z.number().int().min(1).max(500),
    note: z.string().max(20, 'must be at most 20 characters'),
    email: z.email(),
  }),
  fields: {
    discount: {
      kind: 'select',
      label: 'Discount',
      options: [
        { value: '50_PERCENT', label: '50 % off' },
        { value: '25_PERCENT', label: '25 % off' },
      ],
    },
    credits: { kind: 'number', label: 'Credits' },
    note: { kind: 'text', label: 'Note' },
    email: { kind: 'text', label: 'E-mail' },
  },
};

function errorsOf(values: Record<string, string>): Record<string, string> {
  const result = parseForm(spec, values);
  if (result.ok) throw new Error('the form should be refused');
  return result.errors.fields;
}

describe('a field says what to type, never the schema’s wording', () => {
  it('names the options of a select by their labels', () => {
    expect(errorsOf({ discount: 'TEN', credits: '5', note: '', email: 'a@b.co' }).discount).toBe(
      'Choose one of: 50 % off, 25 % off',
    );
  });

  it('says Required for an empty required field, a select included', () => {
    const fields = errorsOf({ discount: '', credits: '', note: '', email: '' });
    expect(fields).toMatchObject({ discount: 'Required', credits: 'Required', email: 'Required' });
  });

  it('gives bounds and formats in words, and keeps a message the schema states itself', () => {
    const fields = errorsOf({
      discount: '50_PERCENT',
      credits: '0',
      note: 'x'.repeat(30),
      email: 'not-an-address',
    });
    expect(fields).toEqual({
      credits: 'Type a number of at least 1',
      note: 'Must be at most 20 characters',
      email: 'Type an e-mail address, e.g. name@example.com',
    });
    for (const message of Object.values(fields)) expect(message).not.toMatch(/expected|received|_PERCENT|>=/);
  });

  it('reads the server’s list of codes as the field’s labels', () => {
    expect(serverMessageInWords('discount: must be one of: 50_PERCENT, 25_PERCENT', spec.fields.discount)).toBe(
      'Choose one of: 50 % off, 25 % off',
    );
    expect(serverMessageInWords('note: must not be empty', spec.fields.note)).toBe('Must not be empty');
  });
});
