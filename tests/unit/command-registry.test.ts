import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { permissionsOf } from '../../commands/access';
import { type CommandId, commandById, commands } from '../../commands/index';
import { quickActionCommands } from '../../commands/quick-actions';
import { parseShortcut } from '../../commands/shortcuts';
import { allEndpoints } from '../../domain/api';
import { chargeChoiceForm } from '../../domain/charges';
import { contractFormDraft, upgradeFormDraft } from '../../domain/contract-form';
import { customCreditPackageForm } from '../../domain/credit-packages';
import {
  abTestForm,
  assignUsersForm,
  bannerForm,
  bannerMoveForm,
  notificationForm,
  sendNotificationForm,
} from '../../domain/operations-forms';
import {
  createPartnerForm,
  editActivityForm,
  editMarketingActivityForm,
  editPartnerForm,
  reorderPhotosForm,
} from '../../domain/partner-forms';
import { isPermission } from '../../domain/permissions';
import { revertModelForm } from '../../domain/profiles';
import { userQuickActions } from '../../domain/users';
import { areas, userDetailTabs } from '../../src/navigation';

const domainSchemas = new Set<unknown>(
  allEndpoints.flatMap((endpoint) => [endpoint.body, endpoint.params, endpoint.query]),
);
/** Every field schema of the catalogue's inputs, nested objects included (a body may nest its fields). */
function fieldSchemasOf(schema: unknown): unknown[] {
  if (!(schema instanceof z.ZodObject)) return [];
  const fields: unknown[] = Object.values(schema.shape);
  return [...fields, ...fields.flatMap(fieldSchemasOf)];
}
const domainFieldSchemas = new Set<unknown>([...domainSchemas].flatMap(fieldSchemasOf));
/**
 * Forms the domain declares for a call whose body the form cannot mirror field for field (a PRICE object typed as an
 * amount in the customer's currency): the command maps the form to the body, and the server checks it again.
 */
const domainFormSchemas = new Set<unknown>([
  bannerForm,
  bannerMoveForm,
  notificationForm,
  sendNotificationForm,
  abTestForm,
  assignUsersForm,
  customCreditPackageForm,
  contractFormDraft,
  upgradeFormDraft,
  chargeChoiceForm,
  revertModelForm,
  createPartnerForm,
  editPartnerForm,
  editActivityForm,
  editMarketingActivityForm,
  reorderPhotosForm,
]);

describe('the command registry', () => {
  it('has unique ids', () => {
    const ids = commands.map((command) => command.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names only known permissions; only plain navigation and commands for yourself may need none', () => {
    for (const command of commands) {
      if (command.permission === null) {
        const forYourself = command.kind === 'action' && command.immediate === true && command.group === 'You';
        expect(command.kind === 'navigate' || forYourself, command.id).toBe(true);
      } else for (const name of permissionsOf(command)) expect(isPermission(name), command.id).toBe(true);
    }
  });

  it('validates every form with a schema of the call catalogue, one field per key', () => {
    for (const command of commands) {
      if (command.kind !== 'action' || !command.params) continue;
      const shape: Record<string, unknown> = command.params.schema.shape;
      const fromDomain =
        domainSchemas.has(command.params.schema) ||
        domainFormSchemas.has(command.params.schema) ||
        Object.values(shape).every((field) => domainFieldSchemas.has(field));
      expect(fromDomain, command.id).toBe(true);
      expect(Object.keys(command.params.fields).sort(), command.id).toEqual(
        Object.keys(command.params.schema.shape).sort(),
      );
    }
  });

  it('has a navigation command for every area and tab, and for every user details tab', () => {
    for (const area of areas) {
      const ids = area.tabs.length === 0 ? [`go.${area.id}`] : area.tabs.map((tab) => `go.${area.id}.${tab.slug}`);
      for (const id of ids) expect(commandById(id), id).toBeDefined();
    }
    for (const tab of userDetailTabs) expect(commandById(`go.user-tab.${tab.slug}`)?.target).toBe('user');
    expect(commandById('go.users.all-users')?.permission).toBe('see_all_users');
  });

  it('maps the server quick actions to registered commands, listing every customer action', () => {
    expect(Object.keys(quickActionCommands.customer).sort()).toEqual([...userQuickActions].sort());
    for (const table of Object.values(quickActionCommands)) {
      for (const id of Object.values(table) as (CommandId | null)[]) if (id) expect(commandById(id)).toBeDefined();
    }
    expect(quickActionCommands.customer.SUSPEND_USER).toBe('user.suspend');
    expect(quickActionCommands.customer.UNSUSPEND_USER).toBe('user.unsuspend');
  });

  it('gives each shortcut to one command, and each parses', () => {
    const shortcuts = commands.flatMap((command) => (command.shortcut ? [command.shortcut.toLowerCase()] : []));
    expect(new Set(shortcuts).size).toBe(shortcuts.length);
    for (const text of shortcuts) expect(parseShortcut(text).key).toMatch(/^.+$/);
    expect(commandById('user.suspend')?.shortcut).toBe('Shift+S');
  });
});
