import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterDayRange, filterOperators, isTableFilter } from '../../domain/table-filters';
import { tableFilterSchema } from '../../domain/table-query';

const kinds = ['text', 'number', 'date', 'multi', 'other'] as const;
const allOperators = [...new Set(Object.values(filterOperators).flat()), 'like', ''];
const day = fc.oneof(
  fc
    .date({ min: new Date('1850-01-01'), max: new Date('3100-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('2024-02-29', '2023-02-29', '2024-13-01', '2024-04-31', '0000-01-01', '9999-12-31', '2024-1-1', ''),
  fc.constantFrom(filterDayRange.min, filterDayRange.max),
);
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ minLength: 95, maxLength: 210 }));
const value = fc.oneof(
  text,
  day,
  fc.double(),
  fc.integer(),
  fc.constant(Number.NaN),
  fc.array(text, { maxLength: 3 }),
  fc.array(fc.string({ maxLength: 3 }), { minLength: 99, maxLength: 102 }),
  fc.constant(null),
);
const candidate = fc.record(
  {
    kind: fc.constantFrom(...kinds),
    column: fc.oneof(fc.string({ maxLength: 4 }), fc.string({ minLength: 63, maxLength: 66 })),
    op: fc.constantFrom(...allOperators),
    value,
    from: day,
    to: day,
    extra: fc.constant(1),
  },
  { requiredKeys: [] },
);

describe('isTableFilter', () => {
  it('accepts exactly what tableFilterSchema accepts (the console reads URL filters without zod)', () => {
    fc.assert(
      fc.property(candidate, (input) => {
        expect(isTableFilter(input)).toBe(tableFilterSchema.safeParse(input).success);
      }),
      { numRuns: 5000, seed: 20261124 },
    );
  });

  it('accepts each kind of filter, and refuses an impossible day and a stray key', () => {
    expect(isTableFilter({ kind: 'text', column: 'email', op: 'includes', value: 'ann' })).toBe(true);
    expect(isTableFilter({ kind: 'number', column: 'id', op: 'gte', value: 12 })).toBe(true);
    expect(isTableFilter({ kind: 'date', column: 'created', op: 'range', from: '2024-01-01', to: '2024-02-29' })).toBe(
      true,
    );
    expect(isTableFilter({ kind: 'multi', column: 'country', op: 'equal', value: ['GB', 'US'] })).toBe(true);
    expect(isTableFilter({ kind: 'date', column: 'created', op: 'on', value: '2023-02-29' })).toBe(false);
    expect(isTableFilter({ kind: 'text', column: 'email', op: 'includes', value: 'ann', extra: 1 })).toBe(false);
  });
});
