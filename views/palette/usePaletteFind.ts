import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { type Identifier, maxIdentifierLength, parseIdentifier, resolveQueryOf } from '../../domain/identifiers';
import type { FoundRecord } from '../../domain/palette';
import type { CustomerRow } from '../../domain/users';
import { call, swrKey } from '../../src/http';
import { api } from '../../src/http/addresses';

/** How long typing must pause before the palette asks; a paste (or any jump of several characters) asks at once. */
export const settleMs = 150;

/** What the palette asks the server for what is typed: the identifier's canonical text, else the text itself. */
export function findQueryOf(
  typed: string,
  origin: string,
): { identifier: Identifier | undefined; q: string | undefined } {
  const identifier = parseIdentifier(typed, origin);
  if (identifier) return { identifier, q: resolveQueryOf(identifier) };
  const text = typed.trim();
  return { identifier, q: text.length >= 2 && text.length <= maxIdentifierLength ? text : undefined };
}

/**
 * The query once settled: at once when it jumped by more than one character (a paste, a cut), else after `settleMs`
 * of no change. One request per settled query, however fast people type. A jump settles in the same render (state
 * adjusted while rendering), so a paste's request leaves with the paste's first commit, not one render later.
 */
function useSettled(value: string | undefined): string | undefined {
  const [state, setState] = useState({ value, settled: value });
  let settled = state.settled;
  if (state.value !== value) {
    const jumped = value === undefined || Math.abs(value.length - (state.value ?? '').length) > 1;
    if (jumped) settled = value;
    setState({ value, settled });
  }
  useEffect(() => {
    if (settled === value) return;
    const timer = setTimeout(
      () => setState((now) => (now.value === value ? { value, settled: value } : now)),
      settleMs,
    );
    return () => clearTimeout(timer);
  }, [value, settled]);
  return settled;
}

/** One empty list for every render without an answer, so lists derived from it are not computed again. */
const none: readonly never[] = [];

export interface PaletteFind {
  /** The records the typed identifier names, first. */
  records: readonly FoundRecord[];
  customers: readonly CustomerRow[];
  /** A request for what is typed is on its way (or typing has not settled yet). */
  searching: boolean;
  /** What was typed, read as an identifier (a route of the console opens as a page). */
  identifier: Identifier | undefined;
  /** The answer for the text typed now came back (empty or not). */
  answered: boolean;
}

/**
 * What the server finds for the typed text (`GET palette/find`): parsed here first (domain/identifiers.ts), so a
 * pasted ticket sends only its identifier and a foreign address or a ticket without one sends nothing. Answers are
 * keyed by their query: one for an older query is never shown for a newer one. Failures are not toasted (the
 * commands still match locally).
 */
export function usePaletteFind(typed: string): PaletteFind {
  const { identifier, q } = findQueryOf(typed, globalThis.location?.origin ?? '');
  const settled = useSettled(q);
  const input = settled ? { query: { q: settled } } : null;
  const key = input ? swrKey(api.palette.find, input) : null;
  const { data, isLoading } = useSWR(key, () => call(api.palette.find, input ?? {}, { silent: true }), {
    keepPreviousData: false,
  });
  const current = settled !== undefined && settled === q;
  return {
    records: current ? (data?.records ?? none) : none,
    customers: current ? (data?.customers ?? none) : none,
    searching: q !== undefined && (!current || isLoading),
    identifier,
    answered: q === undefined || (current && data !== undefined),
  };
}
