import { allSupport, fourPL, isRole, type Role } from './roles';

const seniorAndMarketing = ['ADMIN', 'MARKETER_PLUS', 'PARTNERS_MANAGER', 'SUPPORT_MASTER'] as const;
const adminPLMaster = ['ADMIN', ...fourPL, 'SUPPORT_MASTER'] as const;
const supportAndMarketing = [...allSupport, 'MARKETER_PLUS', 'PARTNERS_MANAGER'] as const;
const adminPL2Master = ['ADMIN', 'SUPPORT_PL2', 'SUPPORT_PL2_CC', 'SUPPORT_MASTER'] as const;
const adminPartners = ['ADMIN', 'PARTNERS_MANAGER'] as const;
const contractRoles = ['ADMIN', 'SUPPORT_PL2_CC', 'SUPPORT_PL1_CC', 'SUPPORT_MASTER'] as const;
const operations = ['ADMIN', 'MARKETER_PLUS', 'PARTNERS_MANAGER'] as const;
const everyone = ['ADMIN', ...supportAndMarketing] as const;
const seeModels: readonly Role[] = ['ADMIN', ...fourPL, 'SUPPORT_MASTER', 'PARTNERS_MANAGER'];

/** The permission table of console-spec §6, as data: permission → the roles that hold it (plus ours, marked). */
export const permissionTable = {
  see_all_users: seniorAndMarketing,
  partner_managment: seniorAndMarketing,
  user_details_read: everyone,
  user_details_edit: adminPLMaster,
  reset_password: adminPLMaster,
  send_payment_link: adminPLMaster,
  add_talent_profile: adminPLMaster,
  edit_profile: adminPLMaster,
  reedit_project: adminPLMaster,
  invoices: adminPLMaster,
  login_as: adminPLMaster,
  add_referral: adminPLMaster,
  charge_and_unsuspend: adminPLMaster,
  give_credit_capped: adminPLMaster,
  add_trial_photos_capped: supportAndMarketing,
  send_emails: supportAndMarketing,
  user_suspension: adminPL2Master,
  download_user_photos: adminPL2Master,
  change_user_email: adminPL2Master,
  email_edited_photos: adminPL2Master,
  video_email_project: adminPL2Master,
  add_profile_id: adminPL2Master,
  give_credit: ['ADMIN', 'SUPPORT_PL2', 'SUPPORT_PL2_CC', 'SUPPORT_MASTER', 'MARKETER_PLUS', 'PARTNERS_MANAGER'],
  see_models: seeModels,
  refund: ['ADMIN', 'SUPPORT_MASTER'],
  assign_roles: ['ADMIN'],
  add_campaign: adminPartners,
  bundle_page_creation: adminPartners,
  delete_activities: adminPartners,
  view_tracking: seniorAndMarketing,
  new_custom_contract: contractRoles,
  manage_corporate_contracts: contractRoles,
  view_operations_center: operations,
  coupons: operations,
  banner_management: operations,
  share_profiles: ['ADMIN', 'PARTNERS_MANAGER', ...allSupport],
  share_profiles_loud: ['ADMIN', ...allSupport],
  force_logout: ['ADMIN', ...allSupport],
  change_currency: ['ADMIN', 'SUPPORT_MASTER', 'SUPPORT_PL2_CC'],
  grant_free_culling_plan: ['ADMIN', 'SUPPORT_MASTER', 'MARKETER_PLUS', 'PARTNERS_MANAGER'],
  terminate_culling_plan: ['ADMIN', 'SUPPORT_MASTER', 'SUPPORT_PL2', 'SUPPORT_PL2_CC'],
  grant_culling_credits: ['ADMIN', ...allSupport, 'MARKETER_PLUS', 'PARTNERS_MANAGER'],
  // Ours, not the spec's (its table has no permission for it): setting the exchange rates currency changes use.
  exchange_rates: ['ADMIN'],
  // Ours: changing a model (state, lock, training projects, notes). The spec's table has only see_models for models;
  // a model is the learned half of a profile, so it is whoever holds both edit_profile and see_models.
  manage_models: adminPLMaster.filter((role) => seeModels.includes(role)),
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof permissionTable;

export const permissions = Object.keys(permissionTable) as Permission[];

export function isPermission(name: string): name is Permission {
  return Object.hasOwn(permissionTable, name);
}

/**
 * The spec's permission check: no role → false (and the console logs out); a permission name that is not in the
 * table → allowed. Our own code can only name known permissions (the parameter type); the string overload exists
 * for names that arrive as data (e.g. from another server speaking the same calls).
 */
export function can(role: Role | null | undefined | '', permission: Permission | (string & {})): boolean {
  if (!role || !isRole(role)) return false;
  if (!isPermission(permission)) return true;
  return (permissionTable[permission] as readonly Role[]).includes(role);
}

/** True when the role holds at least one of the permissions (e.g. give_credit or its capped variant). */
export function canAny(role: Role | null | undefined, anyOf: readonly Permission[]): boolean {
  return anyOf.some((permission) => can(role, permission));
}

/** Every permission a role holds. */
export function permissionsOf(role: Role): Permission[] {
  return permissions.filter((permission) => can(role, permission));
}

/** The action → permission mapping of console-spec §6. */
export const actionPermissions = {
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
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof actionPermissions;
