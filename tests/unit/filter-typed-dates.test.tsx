import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableFilter } from '../../domain/table-query';
import type { Header } from '../../domain/tables';
import { parseTypedDate } from '../../src/ui/date-parse';
import { staffTimeZone } from '../../src/ui/day-meaning';
import { FilterEditor } from '../../src/ui/table/FilterEditor';

afterEach(cleanup);

const joined: Header = {
  key: 'date_added',
  label: 'Customer since',
  type: 'DATETIME',
  sortable: true,
  filter: 'date',
  default_visible: true,
};

/** The day a phrase names today, read as the editor reads it (the browser's zone, now). */
function dayOf(text: string): { iso: string; words: string } {
  const day = parseTypedDate(text);
  if (!day.ok) throw new Error(day.reason);
  return day;
}

function applied(op: string, from: string, to?: string): TableFilter | undefined {
  const onApply = vi.fn<(filter: TableFilter) => void>();
  render(<FilterEditor header={joined} onApply={onApply} />);
  fireEvent.change(screen.getByLabelText('Operator'), { target: { value: op } });
  fireEvent.change(screen.getByLabelText(to === undefined ? 'Value' : 'From'), { target: { value: from } });
  if (to !== undefined) fireEvent.change(screen.getByLabelText('To'), { target: { value: to } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
  return onApply.mock.calls[0]?.[0];
}

describe('a table’s date filter takes typed phrases (issue 18, item 4)', () => {
  it.each(['tomorrow', '+7d', '31 Dec', 'next monday', '2026-12-31'])(
    '`%s` is said in words with the zone it is counted in, then sent as its day',
    (text) => {
      const onApply = vi.fn();
      render(<FilterEditor header={joined} onApply={onApply} />);
      fireEvent.change(screen.getByLabelText('Value'), { target: { value: text } });
      expect(screen.getByText(`${dayOf(text).words}, ${staffTimeZone()}`)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
      expect(onApply).toHaveBeenCalledWith(
        expect.objectContaining({ column: 'date_added', kind: 'date', value: dayOf(text).iso }),
      );
    },
  );

  it('a range from `tomorrow` to `+7d`', () => {
    const filter = applied('range', 'tomorrow', '+7d');
    expect(screen.getByText(`${dayOf('tomorrow').words} – ${dayOf('+7d').words}, ${staffTimeZone()}`)).toBeTruthy();
    expect(filter).toEqual({
      column: 'date_added',
      kind: 'date',
      op: 'range',
      from: dayOf('tomorrow').iso,
      to: dayOf('+7d').iso,
    });
  });

  it('refuses `31/02` with the reason and applies nothing', () => {
    expect(applied('range', '31/02', 'tomorrow')).toBeUndefined();
    expect(screen.getByRole('alert').textContent).toBe('There is no 31 February');
  });
});
