import { z } from 'zod';
import { defineArea, idParam, post } from './endpoint';

/** How long after a command its undo is still accepted (the console offers it for 10 s; 10 minutes leaves slack). */
export const undoWindowMinutes = 10;

/** How long the console's toast offers Undo (and Ctrl+Z). */
export const undoOfferSeconds = 10;

/**
 * The calls a command can undo (server/undo/reversals.ts has one reverse for each): the console offers Undo after
 * these only. Anything else (money to a card, e-mails and notifications sent) has no undo.
 */
export const undoableCalls = [
  'users.suspend',
  'users.unsuspend',
  'userActions.giveCredit',
  'userActions.addTrialPhotos',
  'userActions.ignoreAbusiveUser',
  'userActions.undoIgnoreAbusiveUser',
  'staff.setRole',
  'staff.deactivate',
  'staff.activate',
  'models.updateState',
  'models.lock',
  'models.unlock',
  'models.excludeProject',
  'models.includeProject',
  'profiles.deleteProfile',
  'profiles.recoverProfile',
  'marketing.createBanner',
  'marketing.deleteBanner',
  'partners.remove',
  'partnerActivities.remove',
  'marketingActivities.remove',
  'bundles.addToShop',
  'bundles.reOrder',
  'bundles.activateShopDiscount',
  'bundles.update',
  'bundles.remove',
] as const;
export type UndoableCall = (typeof undoableCalls)[number];
const undoable: ReadonlySet<string> = new Set(undoableCalls);
export const isUndoable = (callId: string): callId is UndoableCall => undoable.has(callId);

/** The answer header naming a successful command's audit row (server/http/register.ts), which its Undo names. */
export const auditIdHeader = 'Loupe-Audit-Id';

export const undoAnswer = z.object({
  /** The audit row undone. */
  undone: z.number(),
  call_id: z.string(),
  /** e.g. "Undid: suspend a customer". */
  text: z.string(),
});
export type UndoAnswer = z.output<typeof undoAnswer>;

export const undo = defineArea('undo', {
  undo: post('undo/:audit_id', {
    summary:
      'Undo a command by its audit row: its reverse runs as a command of its own, unless the record changed since',
    // Anyone may ask; the handler checks the role against the command (own) or its reverse (someone else's).
    permission: 'user_details_read',
    params: z.object({ audit_id: idParam }),
    answer: undoAnswer,
  }),
});
