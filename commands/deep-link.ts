import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '../src/ui/toast-store';
import { commandById } from './index';
import { navigateTo } from './navigate';
import { userIdFromPath } from './page-target';
import { runCommand } from './runner';
import { userTargetById } from './target';

/** The query parameter naming the command of a deep link: `?run=user.suspend&reason=FRAUD`. */
export const runParam = 'run';
/** The parameter naming the customer when the page is not a customer's own: `&user_id=42`. */
export const userParam = 'user_id';

/** A deep link, read from a query string. */
export type DeepLink =
  | { kind: 'none' }
  | { kind: 'unknown'; id: string; consumed: string[] }
  | {
      kind: 'command';
      id: string;
      /** Raw values for the command's fields, by name; parameters the command does not have are left alone. */
      prefill: Record<string, string>;
      userId: number | undefined;
      /** The parameters this link used, removed from the address when its form closes. */
      consumed: string[];
    };

/** Reads `?run=<command id>&<field>=<value>…[&user_id=<id>]`; it never runs anything. */
export function parseDeepLink(search: string): DeepLink {
  const query = new URLSearchParams(search);
  const id = query.get(runParam);
  if (id === null) return { kind: 'none' };
  const command = commandById(id);
  if (!command) return { kind: 'unknown', id, consumed: [runParam] };
  const prefill: Record<string, string> = {};
  const consumed = [runParam];
  const fields = command.kind === 'action' ? Object.keys(command.params?.fields ?? {}) : [];
  for (const name of fields) {
    const value = query.get(name);
    if (value === null) continue;
    prefill[name] = value;
    consumed.push(name);
  }
  let userId: number | undefined;
  const rawUser = command.target === 'user' ? query.get(userParam) : null;
  if (rawUser !== null) {
    const parsed = Number(rawUser);
    userId = Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined;
    consumed.push(userParam);
  }
  return { kind: 'command', id, prefill, userId, consumed };
}

/** The query string without the named parameters (`?a=1` or empty). */
export function withoutParams(search: string, names: readonly string[]): string {
  const query = new URLSearchParams(search);
  for (const name of names) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/**
 * Opens the command of a deep link on any page, prefilled: the customer is the page's, else `user_id`. Unknown or
 * not permitted → a toast and nothing opens. The link's parameters leave the address when its form closes.
 */
export function useDeepLinks(): void {
  const [path] = useLocation();
  const search = useSearch();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const link = parseDeepLink(search);
    if (link.kind === 'none') {
      handled.current = null;
      return;
    }
    const key = `${path}?${search}`;
    if (handled.current === key) return;
    handled.current = key;
    const clear = () => {
      if (globalThis.location.pathname !== path) return;
      navigateTo(`${path}${withoutParams(globalThis.location.search, link.consumed)}`, { replace: true });
    };
    if (link.kind === 'unknown') {
      toast({
        title: 'Unknown command',
        message: `The link asks for “${link.id}”, which does not exist.`,
        type: 'negative',
      });
      clear();
      return;
    }
    const userId = userIdFromPath(path) ?? link.userId;
    const needsUser = commandById(link.id)?.target === 'user';
    const target = needsUser && userId ? userTargetById(userId) : undefined;
    void runCommand(link.id, { target, prefill: link.prefill, origin: 'deep-link', onClose: clear }).then((outcome) => {
      if (!outcome.opened) clear();
    });
  }, [path, search]);
}
