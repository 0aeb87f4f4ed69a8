import { describe, expect, it } from 'vitest';
import type { TableFilter } from '../../domain/table-query';
import { type TableState, tableStateFromSearch, tableStateToSearch } from '../../src/ui/table';

const everyKind: TableFilter[] = [
  { kind: 'text', column: 'email', op: 'includes', value: 'jane, doe: a&b=c #1 50%' },
  { kind: 'text', column: 'first_name', op: 'not_equal', value: 'Zoë' },
  { kind: 'number', column: 'id', op: 'gte', value: 42.5 },
  { kind: 'number', column: 'remaining_photos_for_trial', op: 'neq', value: -3 },
  { kind: 'date', column: 'date_added', op: 'on_or_before', value: '2025-03-01' },
  { kind: 'date', column: 'charge_date', op: 'range', from: '2025-01-01', to: '2025-01-31' },
  { kind: 'multi', column: 'country', op: 'equal', value: ['US', 'GB'] },
  { kind: 'multi', column: 'subscription_type', op: 'not_equal', value: ['A,B', 'C:D'] },
];

describe('table state in the URL', () => {
  it('round-trips every filter kind, the sort and the columns', () => {
    const state: TableState = {
      filters: everyKind,
      sort: { column: 'date_added', direction: 'desc' },
      columns: ['id', 'email', 'country'],
    };
    expect(tableStateFromSearch(tableStateToSearch(state))).toEqual(state);
  });

  it('is compact and readable', () => {
    const search = tableStateToSearch({
      filters: [
        { kind: 'multi', column: 'country', op: 'equal', value: ['US', 'GB'] },
        { kind: 'multi', column: 'status', op: 'equal', value: ['ACTIVE'] },
      ],
      sort: { column: 'date_added', direction: 'desc' },
      columns: ['id', 'email'],
    });
    expect(search).toBe('?f=country:multi:equal:US,GB&f=status:multi:equal:ACTIVE&sort=-date_added&cols=id,email');
  });

  it('keeps the other parameters and reads an ascending sort', () => {
    const search = tableStateToSearch(
      { filters: [], sort: { column: 'id', direction: 'asc' } },
      '?q=jane&f=x:text:equal:1',
    );
    expect(search).toBe('?q=jane&sort=id');
    expect(tableStateFromSearch(search)).toEqual({ filters: [], sort: { column: 'id', direction: 'asc' } });
  });

  it('drops what is not a valid filter', () => {
    const state = tableStateFromSearch(
      '?f=id:number:gte:abc&f=date_added:date:on:2025-13-45&f=country:multi:bogus:US&f=only-a-column&f=email:text:equal:ok',
    );
    expect(state.filters).toEqual([{ kind: 'text', column: 'email', op: 'equal', value: 'ok' }]);
  });

  it('reads a link whose parts a browser encoded', () => {
    const state = tableStateFromSearch('?f=country%3Amulti%3Aequal%3AUS%2CGB&cols=id%2Cemail');
    expect(state.filters).toEqual([{ kind: 'multi', column: 'country', op: 'equal', value: ['US', 'GB'] }]);
    expect(state.columns).toEqual(['id', 'email']);
  });
});
