import { describe, expect, it } from 'vitest';
import {
  type AvailabilitySpec,
  availabilityBlock,
  fieldAvailability,
  setFieldAvailability,
} from '../../commands/field-availability';

const refCheck: AvailabilitySpec = {
  key: (values) => (typeof values.ref === 'string' && values.ref.trim() ? values.ref.trim().toLowerCase() : null),
  check: async () => null,
};
const spec = { fields: { name: {}, ref: { availability: refCheck } } };

describe('availability checks gate a form', () => {
  it('lets a form go on when there is nothing to check', () => {
    expect(availabilityBlock(spec, { name: 'Ana', ref: '' }, 1)).toBeNull();
  });

  it('waits while the check for the value typed has not answered', () => {
    setFieldAvailability(2, 'ref', { key: 'ana', state: 'checking' });
    expect(availabilityBlock(spec, { ref: 'Ana' }, 2)?.form).toMatch(/Checking availability/);
    // An answer for an earlier value does not count for the new one.
    setFieldAvailability(2, 'ref', { key: 'ana', state: 'available' });
    expect(availabilityBlock(spec, { ref: 'Anab' }, 2)?.form).toMatch(/Checking availability/);
  });

  it('puts the refusal under the field, and passes once the value is available', () => {
    setFieldAvailability(3, 'ref', { key: 'taken', state: 'unavailable', message: 'Another partner uses this ref' });
    expect(availabilityBlock(spec, { ref: 'Taken' }, 3)).toEqual({
      fields: { ref: 'Another partner uses this ref' },
      form: null,
    });
    setFieldAvailability(3, 'ref', { key: 'free', state: 'available' });
    expect(availabilityBlock(spec, { ref: 'free' }, 3)).toBeNull();
  });

  it('does not block when the server could not answer (the action checks again), and forgets an older run', () => {
    setFieldAvailability(4, 'ref', { key: 'x1', state: 'unknown' });
    expect(availabilityBlock(spec, { ref: 'x1' }, 4)).toBeNull();
    setFieldAvailability(5, 'name', null);
    expect(fieldAvailability.fields).toEqual({});
    expect(availabilityBlock(spec, { ref: 'x1' }, 5)?.form).toMatch(/Checking availability/);
  });
});
