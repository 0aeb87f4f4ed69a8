import { filterOperators, operatorLabels } from '../../../domain/table-filters';
import type { TableFilter } from '../../../domain/table-query';
import type { FilterKind, Header } from '../../../domain/tables';
import { formatDate } from '../dates';
import { optionLabel } from './format';

/** The operators a column kind offers, with their labels. */
export function operatorsOf(kind: FilterKind): { value: string; label: string }[] {
  return filterOperators[kind].map((op) => ({ value: op, label: operatorLabels[op] ?? op }));
}

/** A filter as people read it: "Country is US, GB", "Date added between 2025-01-01 and 2025-02-01". */
export function describeFilter(filter: TableFilter, header: Header | undefined): string {
  const column = header?.label ?? filter.column;
  const op = operatorLabels[filter.op] ?? filter.op;
  if (filter.kind === 'multi') {
    return `${column} ${op} ${filter.value.map((value) => optionLabel(value, header?.option_labels)).join(', ')}`;
  }
  if (filter.kind === 'date' && filter.op === 'range') {
    return `${column} between ${formatDate(filter.from)} and ${formatDate(filter.to)}`;
  }
  if (filter.kind === 'date') return `${column} ${op} ${formatDate(filter.value)}`;
  if (filter.kind === 'text') return `${column} ${op} “${filter.value}”`;
  return `${column} ${op} ${'value' in filter ? filter.value : ''}`;
}
