import type { CommandId } from './index';

/**
 * The server's quick-action names → the command that performs each, per kind of row. `null`: the server offers it,
 * the command comes with a later issue (until then a row menu does not show it). One table, read by row menus and
 * by the runner's availability check.
 */
export const quickActionCommands = {
  customer: {
    SUSPEND_USER: 'user.suspend',
    UNSUSPEND_USER: 'user.unsuspend',
    ADD_TRIAL_PHOTOS: 'user.add-trial-photos',
    SEND_RESET_PASSWORD_EMAIL: 'user.send-reset-password-email',
    GIVE_CREDIT: 'user.give-credit',
    CHARGE_AND_UNSUSPEND: 'charges.charge-and-unsuspend',
  },
  charge: {
    REGENERATE_INVOICE: 'charges.regenerate-invoice',
    DOWNLOAD_INVOICE: 'charges.download-invoice',
    SEND_INVOICE_TO_CUSTOMER: 'charges.send-invoice',
  },
  profile: {
    SEND_FOR_MANUAL_TRAINING: 'profile.send-for-manual-training',
    DELETE_PROFILE: 'profile.delete',
    SHARE_PROFILE: 'profile.share',
    REVERT_TO_LAST_MODEL: 'profile.revert-to-model',
    RECOVER_PROFILE: 'profile.recover',
    GO_TO_OWNER: 'profile.go-to-owner',
  },
  project: {
    REFUND: 'project.refund',
    DOWNLOAD_PHOTOS_LOCALLY: 'project.download-photos',
    RE_EDIT: 'project.reedit',
    EMAIL_EDITED_PHOTOS: 'project.email-edited-photos',
    VIDEO_EMAIL_PROJECT: 'project.email-video',
  },
  partner: { EDIT_PARTNER: 'partner.edit', DELETE_PARTNER: 'partner.delete' },
  activity: { EDIT_ACTIVITY: 'activity.edit', DELETE_ACTIVITY: 'activity.delete' },
  marketingActivity: {
    EDIT_MARKETING_ACTIVITY: 'marketing-activity.edit',
    DELETE_MARKETING_ACTIVITY: 'marketing-activity.delete',
  },
  bundle: {
    UPDATE: 'bundle.update',
    'RE-CREATE_PAGE': 'bundle.re-create-page',
    DELETE: 'bundle.delete',
    ACTIVATE_SHOP_DISCOUNT: 'bundle.activate-shop-discount',
    ADD_TO_SHOP: 'bundle.add-to-shop',
    'RE-ORDER_PHOTOS': 'bundle.re-order-photos',
  },
  banner: { DELETE: 'banner.delete' },
  notification: { DELETE: 'user.delete-notification' },
  abTest: { FINISH: 'ab-test.finish', ASSIGN_USERS: 'ab-test.assign-users' },
  promotionLink: { REVOKE_LINK: 'promotion.revoke-link' },
  model: {
    CHANGE_STATE: 'model.change-state',
    LOCK_MODEL: 'model.lock',
    UNLOCK_MODEL: 'model.unlock',
    OPEN_PROFILE: 'model.open-profile',
    OPEN_CUSTOMER: 'model.open-customer',
  },
  broadcast: {
    CANCEL_SENDING: 'notification.cancel',
    RETRY_FAILED: 'notification.retry-failed',
    DELETE: 'notification.delete',
  },
} as const satisfies Record<string, Record<string, CommandId | null>>;

export type RowKind = keyof typeof quickActionCommands;

/** The command for a quick action the server offers on a row of this kind; undefined when none exists yet. */
export function commandForQuickAction(kind: RowKind, name: string): CommandId | undefined {
  const table: Readonly<Record<string, CommandId | null>> = quickActionCommands[kind];
  return table[name] ?? undefined;
}

/** The quick-action name the server uses for a command on a row of this kind, if it has one. */
export function quickActionOf(kind: RowKind, id: CommandId | string): string | undefined {
  const table: Readonly<Record<string, CommandId | null>> = quickActionCommands[kind];
  return Object.keys(table).find((name) => table[name] === id);
}
