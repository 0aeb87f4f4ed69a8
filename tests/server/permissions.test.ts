import { describe, expect, it } from 'vitest';
import { actionPermissions, can, permissions, permissionTable } from '../../domain/permissions';
import { type Role, roles } from '../../domain/roles';

const admin = 'ADMIN';
const pl1 = 'SUPPORT_PL1';
const pl2 = 'SUPPORT_PL2';
const pl1cc = 'SUPPORT_PL1_CC';
const pl2cc = 'SUPPORT_PL2_CC';
const master = 'SUPPORT_MASTER';
const marketer = 'MARKETER_PLUS';
const partners = 'PARTNERS_MANAGER';
const allSupport: Role[] = [pl1, pl2, pl1cc, pl2cc, master];
const fourPL: Role[] = [pl1, pl2, pl1cc, pl2cc];
const allEight: Role[] = [admin, pl1, pl2, pl1cc, pl2cc, master, marketer, partners];

/** console-spec §6, row by row, transcribed from the spec's text (not from domain/permissions.ts). */
const specRows: [string[], Role[]][] = [
  [
    ['see_all_users', 'partner_managment'],
    [admin, marketer, partners, master],
  ],
  [['user_details_read'], allEight],
  [
    [
      'user_details_edit',
      'reset_password',
      'send_payment_link',
      'add_talent_profile',
      'edit_profile',
      'reedit_project',
      'invoices',
      'login_as',
      'add_referral',
      'charge_and_unsuspend',
      'give_credit_capped',
    ],
    [admin, ...fourPL, master],
  ],
  [
    ['add_trial_photos_capped', 'send_emails'],
    [...allSupport, marketer, partners],
  ],
  [
    [
      'user_suspension',
      'download_user_photos',
      'change_user_email',
      'email_edited_photos',
      'video_email_project',
      'add_profile_id',
    ],
    [admin, pl2, pl2cc, master],
  ],
  [['give_credit'], [admin, pl2, pl2cc, master, marketer, partners]],
  [['see_models'], [admin, ...fourPL, master, partners]],
  [['refund'], [admin, master]],
  [['assign_roles'], [admin]],
  [
    ['add_campaign', 'bundle_page_creation', 'delete_activities'],
    [admin, partners],
  ],
  [['view_tracking'], [admin, marketer, partners, master]],
  [
    ['new_custom_contract', 'manage_corporate_contracts'],
    [admin, pl2cc, pl1cc, master],
  ],
  [
    ['view_operations_center', 'coupons', 'banner_management'],
    [admin, marketer, partners],
  ],
  [['share_profiles'], [admin, partners, ...allSupport]],
  [['share_profiles_loud'], [admin, ...allSupport]],
  [['force_logout'], [admin, ...allSupport]],
  [['change_currency'], [admin, master, pl2cc]],
  [['grant_free_culling_plan'], [admin, master, marketer, partners]],
  [['terminate_culling_plan'], [admin, master, pl2, pl2cc]],
  [['grant_culling_credits'], [admin, ...allSupport, marketer, partners]],
];

/** Ours, not the spec's: permissions for what its table does not cover (each named in domain/permissions.ts). */
const ourRows: [string[], Role[]][] = [
  [['exchange_rates'], [admin]],
  [['manage_models'], [admin, ...fourPL, master]],
];

const expected = new Map<string, Set<Role>>(
  [...specRows, ...ourRows].flatMap(([names, allowed]) => names.map((name) => [name, new Set(allowed)] as const)),
);
const ours = ourRows.flatMap(([names]) => names);

/** The spec's action → permission mapping. */
const specActions: Record<string, string> = {
  add_trial_photos: 'add_trial_photos_capped',
  suspend: 'user_suspension',
  unsuspend: 'user_suspension',
  send_reset_password_email: 'reset_password',
  send_payment_link: 'send_payment_link',
  send_for_finetune: 'edit_profile',
  send_for_teaching: 'edit_profile',
  delete_profile: 'edit_profile',
  download_photos_locally: 'download_user_photos',
  email_edited_photos: 'email_edited_photos',
  video_email_project: 'video_email_project',
  refund: 'refund',
  re_edit: 'reedit_project',
  download_invoice: 'invoices',
  send_invoice_to_customer: 'invoices',
  add_referral: 'add_referral',
  change_user_email: 'change_user_email',
  charge_and_unsuspend: 'charge_and_unsuspend',
  new_custom_contract: 'new_custom_contract',
  delete_activity: 'delete_activities',
  share_profile: 'share_profiles',
  cancel_contract: 'manage_corporate_contracts',
  upgrade_contract: 'manage_corporate_contracts',
  update_next_contract: 'manage_corporate_contracts',
  force_logout: 'force_logout',
};

describe('permission table', () => {
  it('names exactly the 42 permissions of the spec, plus ours', () => {
    expect(expected.size - ours.length).toBe(42);
    expect([...permissions].sort()).toEqual([...expected.keys()].sort());
    expect(Object.keys(permissionTable)).toHaveLength(42 + ours.length);
  });

  it('knows the eight roles', () => {
    expect([...roles].sort()).toEqual([...allEight].sort());
  });

  for (const [permission, allowed] of expected) {
    it(`${permission}: ${[...allowed].join(', ')}`, () => {
      for (const role of allEight) expect(can(role, permission), `${role} / ${permission}`).toBe(allowed.has(role));
    });
  }

  it('refuses everything without a role and allows a permission name it does not know', () => {
    expect(can(null, 'user_details_read')).toBe(false);
    expect(can(undefined, 'refund')).toBe(false);
    expect(can('', 'refund')).toBe(false);
    expect(can('ADMIN', 'some_future_permission')).toBe(true);
    expect(can('SUPPORT_PL1', 'some_future_permission')).toBe(true);
  });

  it('maps each action to its permission as the spec lists', () => {
    expect(actionPermissions).toEqual(specActions);
  });
});
