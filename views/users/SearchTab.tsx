import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useCall } from '../../src/http';
import { api } from '../../src/http/addresses';
import { EmptyState } from '../../src/ui/EmptyState';
import { Spinner } from '../../src/ui/Spinner';
import { useDebounced } from '../../src/ui/use-debounced';
import { CustomerList } from './CustomerList';

/** Customer search: the query lives in the address (`?q=`), results are the server's top matches. */
export function SearchTab() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const inUrl = new URLSearchParams(search).get('q') ?? '';
  const [typed, setTyped] = useState(inUrl);
  const settled = useDebounced(typed.trim(), 200);
  const inputId = useId();

  useEffect(() => {
    if (settled === inUrl.trim()) return;
    const query = new URLSearchParams(search);
    if (settled) query.set('q', settled);
    else query.delete('q');
    const rest = query.toString();
    navigate(`${path}${rest ? `?${rest}` : ''}`, { replace: true });
  }, [settled, inUrl, search, path, navigate]);

  const q = inUrl.trim();
  const { data, error, isLoading, mutate } = useCall(api.users.search, q ? { params: { query: q } } : null);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key !== 'ArrowDown' && event.key !== 'Enter') return;
    const grid = document.querySelector<HTMLElement>('[role="grid"][aria-label="Search results"]');
    if (!grid) return;
    event.preventDefault();
    grid.focus();
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex max-w-xl flex-col gap-1">
        <label htmlFor={inputId} className="text-xs font-medium text-muted">
          Find a customer by id, e-mail, name or business name
        </label>
        <input
          id={inputId}
          type="search"
          // biome-ignore lint/a11y/noAutofocus: the search tab exists to type a query
          autoFocus
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="e.g. jane@studio.com, 1042, Doe Photography"
          className="w-full rounded-md border border-control bg-panel px-2.5 py-1.5 text-sm text-fg placeholder:text-faint focus:border-accent focus:outline-none"
        />
        <p className="text-xs text-faint">↓ or Enter moves to the results; j/k move between rows, Enter opens.</p>
      </div>
      {!q ? null : isLoading && !data ? (
        <Spinner label="Searching" />
      ) : error && !data ? (
        <EmptyState title="The search failed" message={error.message} />
      ) : data && data.users.length > 0 ? (
        <CustomerList
          id="users.search"
          label="Search results"
          headers={data.headers}
          rows={data.users}
          onChanged={() => void mutate()}
        />
      ) : (
        <EmptyState title="No customer matches" message={`Nothing found for “${q}”.`} />
      )}
    </div>
  );
}
