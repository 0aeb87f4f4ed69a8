import { eq, sql } from 'drizzle-orm';
import { api } from '../../domain/api';
import { type Endpoint, permissionsOfCall } from '../../domain/endpoint';
import { formatMoney, money } from '../../domain/money';
import type { Permission } from '../../domain/permissions';
import { isUndoable, type UndoableCall } from '../../domain/undo';
import { customerCredits, customers } from '../db/schema';
import { fail, isApiError } from '../http/errors';
import type { StaffCallContext, StaffHandler } from '../http/handler';
import { parseInput } from '../http/validate';
import { deleteBanner, restoreBanner } from '../marketing/banners';
import { excludeProject, includeProject, lockModelCall, unlockModelCall } from '../models/commands';
import { updateModelState } from '../models/state';
import { deleteProfile, recoverProfile } from '../profiles/commands';
import { activateStaff, deactivateStaff, setStaffRole } from '../staff/handlers';
import { ignoreAbusiveUser, undoIgnoreAbusiveUser } from '../users/actions/abusive';
import { lockCustomer, recordStaffAction, updateCustomer } from '../users/customer-records';
import { suspendUser, unsuspendUser } from '../users/suspension';
import { restoreBundle, restoreDeleted } from './restore';

/** The audit row being undone, as the reverse reads it. */
export interface UndoneRow {
  id: number;
  callId: string;
  path: string;
  targetKind: string;
  targetId: string;
  requestBody: unknown;
  undo: Record<string, unknown> | null;
  staffId: number | null;
}

/** What a reverse runs with: the undo call's own context (its transaction, caller, request) and the undone row. */
export type ReverseContext = StaffCallContext<Endpoint> & { row: UndoneRow };

/** How one call is undone. */
export interface Reversal {
  /** Who may undo someone else's command: holders of one of these (the reverse call's permission). */
  permissions: readonly Permission[];
  run(context: ReverseContext): Promise<void>;
}

/** A field of the undone row's body or undo note, as text (absent: ''). */
function field(source: unknown, name: string): string {
  const value = (source as Record<string, unknown> | null)?.[name];
  return value === undefined || value === null ? '' : String(value);
}

/** The params a stored path held for an endpoint's template: `models/5/projects/9/exclude` → {model_id:'5', …}. */
export function pathParams(endpoint: Pick<Endpoint, 'path'>, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = endpoint.path.replace(/:([a-zA-Z_]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`/${pattern}$`).exec(path);
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match?.[index + 1] ?? '')]));
}

/**
 * The reverse is another catalogue call: its handler runs in the undo's transaction with params taken from the undone
 * call's path and the body `body` makes of the row. A body the reverse refuses (e.g. no reason kept) is not undoable.
 */
function viaCall(
  forward: Endpoint,
  reverse: StaffHandler,
  body: (row: UndoneRow) => Record<string, unknown> | undefined = () => undefined,
): Reversal {
  return {
    permissions: permissionsOfCall(reverse.endpoint),
    async run(context) {
      const { row } = context;
      const raw = pathParams(forward, row.path);
      if (forward.target?.in === 'body') raw[forward.target.param] = row.targetId;
      try {
        const params = parseInput(reverse.endpoint.params, raw, 'params');
        const parsed = parseInput(reverse.endpoint.body, body(row), 'body');
        await reverse.run({ ...context, params, body: parsed, query: {} } as StaffCallContext<Endpoint>);
      } catch (error) {
        if (isApiError(error) && error.code === 'validation_failed') {
          throw fail('undo_not_reversible', { detail: 'This command did not keep what its undo needs' });
        }
        throw error;
      }
    },
  };
}

/** A credit is taken back by a reversing ledger row of the same amount (the ledger is append-only). */
const reverseCredit: Reversal = {
  permissions: ['give_credit'],
  async run({ db, row, staff }) {
    const creditId = Number(field(row.undo, 'credit_id'));
    const [credit] = Number.isSafeInteger(creditId)
      ? await db.select().from(customerCredits).where(eq(customerCredits.id, creditId))
      : [];
    if (!credit) throw fail('undo_not_reversible', { detail: 'This credit’s ledger row is not known' });
    await lockCustomer(db, credit.customerId);
    await db.insert(customerCredits).values({
      customerId: credit.customerId,
      amount: -credit.amount,
      currency: credit.currency,
      reason: credit.reason,
      description: `Undo of credit #${credit.id}`,
      source: 'STAFF',
      // The giver's daily cap counts the credit back.
      staffId: credit.staffId,
    });
    const value = formatMoney(money(credit.amount, credit.currency as Parameters<typeof money>[1]));
    await recordStaffAction(db, credit.customerId, staff, 'Credit taken back (undo)', [{ label: 'Amount', value }]);
  },
};

/** Trial photos added are taken off the customer's allowance again (not below zero). */
const removeTrialPhotos: Reversal = {
  permissions: ['add_trial_photos_capped'],
  async run({ db, row, staff }) {
    const amount = Number(field(row.requestBody, 'amount'));
    if (!Number.isSafeInteger(amount) || amount <= 0) throw fail('undo_not_reversible');
    const record = await lockCustomer(db, Number(row.targetId));
    if (record.trialPhotosMax < amount) {
      throw fail('undo_stale', { detail: `Fewer than ${amount} trial photos are left to take back` });
    }
    await updateCustomer(db, record.id, { trialPhotosMax: sql`${customers.trialPhotosMax} - ${amount}` });
    await recordStaffAction(db, record.id, staff, 'Trial photos removed (undo)', [
      { label: 'Photos', value: String(amount) },
    ]);
  },
};

const undoReason = (row: UndoneRow) => `Undo of #${row.id}`;

/** A delete is undone by re-inserting what it removed (kept on its row); who may create such a record may. */
const restoring = (create: Endpoint): Reversal => ({
  permissions: permissionsOfCall(create),
  run: ({ db, row }) => restoreDeleted(db, row.undo),
});

/** A bundle's shop action or edit is undone by setting the columns it changed back. */
const bundleBack: Reversal = {
  permissions: ['bundle_page_creation'],
  run: ({ db, row }) => restoreBundle(db, Number(row.targetId), row.undo),
};

/**
 * Every undoable call and its reverse, by call id. Anything not here cannot be undone: money to a card, e-mails and
 * notifications sent, and what is not built yet (docs/collaboration.md lists them).
 */
export const reversals: Readonly<Record<UndoableCall, Reversal>> = {
  'users.suspend': viaCall(suspendUser.endpoint, unsuspendUser),
  'users.unsuspend': viaCall(unsuspendUser.endpoint, suspendUser, (row) => ({
    reason: field(row.undo, 'reason'),
    description: field(row.undo, 'description'),
  })),
  'userActions.giveCredit': reverseCredit,
  'userActions.addTrialPhotos': removeTrialPhotos,
  'userActions.ignoreAbusiveUser': viaCall(ignoreAbusiveUser.endpoint, undoIgnoreAbusiveUser),
  'userActions.undoIgnoreAbusiveUser': viaCall(undoIgnoreAbusiveUser.endpoint, ignoreAbusiveUser),
  'staff.setRole': viaCall(setStaffRole.endpoint, setStaffRole, (row) => ({ role: field(row.undo, 'role') })),
  'staff.deactivate': viaCall(deactivateStaff.endpoint, activateStaff),
  'staff.activate': viaCall(activateStaff.endpoint, deactivateStaff),
  'models.updateState': viaCall(updateModelState.endpoint, updateModelState, (row) => {
    const state = field(row.undo, 'state');
    const reason = field(row.undo, 'fail_reason');
    return { state, reason: state === 'FAIL' ? reason : undoReason(row) };
  }),
  'models.lock': viaCall(lockModelCall.endpoint, unlockModelCall),
  'models.unlock': viaCall(unlockModelCall.endpoint, lockModelCall, (row) => ({ message: field(row.undo, 'message') })),
  'models.excludeProject': viaCall(excludeProject.endpoint, includeProject),
  'models.includeProject': viaCall(includeProject.endpoint, excludeProject),
  'profiles.deleteProfile': viaCall(deleteProfile.endpoint, recoverProfile),
  'profiles.recoverProfile': viaCall(recoverProfile.endpoint, deleteProfile),
  'partners.remove': restoring(api.partners.create),
  'partnerActivities.remove': restoring(api.partnerActivities.create),
  'marketingActivities.remove': restoring(api.marketingActivities.create),
  'bundles.addToShop': bundleBack,
  'bundles.reOrder': bundleBack,
  'bundles.activateShopDiscount': bundleBack,
  'bundles.update': bundleBack,
  'bundles.remove': bundleBack,
  'marketing.deleteBanner': {
    permissions: permissionsOfCall(api.marketing.createBanner),
    run: ({ db, row }) => restoreBanner(db, row.undo?.banner),
  },
  'marketing.createBanner': {
    permissions: permissionsOfCall(deleteBanner.endpoint),
    run: (context) =>
      deleteBanner
        .run({ ...context, params: { banner_id: Number(context.row.targetId) } } as never)
        .then(() => undefined),
  },
};

/** Why a call has no undo, in words (the confirmation says so too). */
export function whyIrreversible(callId: string, summary: string): string {
  if (callId === 'undo.undo') return 'An undo cannot itself be undone: run the command again instead';
  if (callId.startsWith('refunds.') || callId.startsWith('charges.') || callId.startsWith('creditPackages.')) {
    return `“${summary}” moved money on a card: it cannot be undone`;
  }
  if (/email|send|notification/i.test(callId)) return `“${summary}” sent a message: it cannot be called back`;
  return `“${summary}” cannot be undone`;
}

/** The reversal of a call, or null. */
export const reversalOf = (callId: string): Reversal | null => (isUndoable(callId) ? reversals[callId] : null);
