import { describe, expect, it } from 'vitest';
import { forbiddenReason } from '../../commands/access';
import { commandById } from '../../commands/index';
import { commandForQuickAction, type RowKind } from '../../commands/quick-actions';
import { can } from '../../domain/permissions';
import { roles } from '../../domain/roles';
import type { QuickAction } from '../../domain/tables';
import { modelQuickActions } from '../../server/models/rows';
import { quickActionsFor } from '../../server/users/rows';

/** The console's sentence for a quick action a role may not run (what the palette, row menu and shortcut say). */
function consoleWords(kind: RowKind, name: string): string {
  const id = commandForQuickAction(kind, name);
  const command = id ? commandById(id) : undefined;
  if (!command) throw new Error(`no command for ${kind} ${name}`);
  return forbiddenReason(command);
}

/** The disabled actions of the server's answer, with its words, beside the console's words for the same command. */
function compared(kind: RowKind, actions: readonly QuickAction[]) {
  return actions
    .filter((action) => action.is_disabled && action.disable_message?.startsWith('Only '))
    .map((action) => ({
      action: action.name,
      server: action.disable_message,
      console: consoleWords(kind, action.name),
    }));
}

describe('the server refuses in the console’s words (issue 18, item 6)', () => {
  it('a customer row: every action a role may not run says who may, as the console says it', () => {
    let refused = 0;
    for (const role of roles) {
      for (const record of [
        { status: 'ACTIVE', chargeFailed: false },
        { status: 'SUSPENDED', chargeFailed: true },
      ]) {
        for (const pair of compared('customer', quickActionsFor(record, role))) {
          expect(pair.server, `${role} ${pair.action}`).toBe(pair.console);
          refused += 1;
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
    const [, suspend] = quickActionsFor({ status: 'ACTIVE', chargeFailed: false }, 'SUPPORT_PL1');
    expect(suspend?.disable_message).toBe('Only admins, PL2 agents and support masters may suspend customers');
  });

  it('a model row: a role without manage_models reads who may change models', () => {
    let refused = 0;
    for (const role of roles) {
      const actions = modelQuickActions({ locked: false, state: 'PENDING', lockMessage: null }, (p) => can(role, p));
      for (const pair of compared('model', actions)) {
        expect(pair.server, `${role} ${pair.action}`).toBe(pair.console);
        refused += 1;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
