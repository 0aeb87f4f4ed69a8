/** The eight staff roles of console-spec §6. */
export const roles = [
  'ADMIN',
  'SUPPORT_PL1',
  'SUPPORT_PL2',
  'SUPPORT_PL1_CC',
  'SUPPORT_PL2_CC',
  'SUPPORT_MASTER',
  'MARKETER_PLUS',
  'PARTNERS_MANAGER',
] as const;

export type Role = (typeof roles)[number];

/** "All support": the five support roles. */
export const allSupport = [
  'SUPPORT_PL1',
  'SUPPORT_PL2',
  'SUPPORT_PL1_CC',
  'SUPPORT_PL2_CC',
  'SUPPORT_MASTER',
] as const satisfies readonly Role[];

/** "Four PL": the support roles below SUPPORT_MASTER. */
export const fourPL = [
  'SUPPORT_PL1',
  'SUPPORT_PL2',
  'SUPPORT_PL1_CC',
  'SUPPORT_PL2_CC',
] as const satisfies readonly Role[];

/** Roles allowed into the console at all (the spec leaves the list unshown; every staff role may sign in). */
export const consoleRoles: readonly Role[] = roles;

export const roleLabels: Record<Role, string> = {
  ADMIN: 'Admin',
  SUPPORT_PL1: 'Support PL1',
  SUPPORT_PL2: 'Support PL2',
  SUPPORT_PL1_CC: 'Support PL1 CC',
  SUPPORT_PL2_CC: 'Support PL2 CC',
  SUPPORT_MASTER: 'Support master',
  MARKETER_PLUS: 'Marketer plus',
  PARTNERS_MANAGER: 'Partners manager',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}
