import type { CustomerRow } from '../../domain/users';
import { useCall } from '../../src/http';
import { api } from '../../src/http/addresses';
import { useDebounced } from '../../src/ui/use-debounced';

/** Customers matching what is typed: the server's search (SWR-cached), from 2 characters, ~150 ms after typing stops. */
export function useCustomerSearch(typed: string): { rows: readonly CustomerRow[]; searching: boolean } {
  const query = useDebounced(typed.trim(), 150);
  const active = query.length >= 2 && typed.trim().length >= 2;
  const { data, isLoading } = useCall(api.users.search, active ? { params: { query } } : null);
  return { rows: active ? (data?.users ?? []) : [], searching: active && (isLoading || query !== typed.trim()) };
}
