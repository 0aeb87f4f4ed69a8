import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { FieldSpec } from '../../commands/define';
import {
  currentAvailability,
  type FieldAvailability,
  fieldAvailability,
  setFieldAvailability,
} from '../../commands/field-availability';
import { runner } from '../../commands/runner';

/** How long typing must pause before a field's availability is checked, in ms. */
export const availabilityCheckDelay = 300;

/**
 * Runs a field's availability check (`FieldSpec.availability`) as the open form's values change, debounced; a newer
 * keystroke cancels the last check. Answers where the check stands for the values now in the form.
 */
export function useFieldAvailability(name: string, spec: FieldSpec): FieldAvailability | undefined {
  const { run } = useSnapshot(runner);
  useSnapshot(fieldAvailability);
  const availability = spec.availability;
  const serial = run?.serial ?? 0;
  const key = availability && run ? availability.key(run.values) : null;
  useEffect(() => {
    if (!availability || key === null) return;
    if (currentAvailability(serial, name, key)?.state === 'available') return;
    const controller = new AbortController();
    setFieldAvailability(serial, name, { key, state: 'checking' });
    const timer = setTimeout(() => {
      const values = runner.run?.serial === serial ? runner.run.values : {};
      availability.check(values, controller.signal).then(
        (message) =>
          setFieldAvailability(
            serial,
            name,
            message ? { key, state: 'unavailable', message } : { key, state: 'available' },
          ),
        (error: { code?: string }) => {
          if (error.code !== 'cancel_request') setFieldAvailability(serial, name, { key, state: 'unknown' });
        },
      );
    }, availabilityCheckDelay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [availability, key, name, serial]);
  return currentAvailability(serial, name, key);
}
