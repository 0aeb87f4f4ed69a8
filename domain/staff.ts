import { z } from 'zod';
import { defineArea, get, idParam, post, put } from './endpoint';
import { roles } from './roles';

/** Staff passwords: at least this long, and not on the list of common passwords; no composition rules. */
export const staffPasswordMin = 12;
export const staffPasswordMax = 200;
/** A set-password link works this long, once. */
export const invitationHours = 72;
/** The staff list counts failed sign-ins over this window. */
export const failedSignInWindowHours = 24;

export const staffStatuses = ['ACTIVE', 'INVITED', 'DEACTIVATED'] as const;
export const staffStatusLabels: Record<(typeof staffStatuses)[number], string> = {
  ACTIVE: 'Active',
  INVITED: 'Invited',
  DEACTIVATED: 'Deactivated',
};
export type StaffStatus = (typeof staffStatuses)[number];

export const staffRowSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  /** INVITED: has not set a password yet (the link may have expired: invite again). */
  status: z.enum(staffStatuses),
  created_at: z.string(),
  last_sign_in: z.string().nullable(),
  active_sessions: z.number().int(),
  /** Failed sign-ins with this e-mail within `failedSignInWindowHours`. */
  failed_sign_ins: z.number().int(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;

const name = (label: string) =>
  z.string().trim().min(1, `${label}: required`).max(100, 'must be at most 100 characters');

export const inviteStaffBody = z.strictObject({
  first_name: name('first_name'),
  last_name: name('last_name'),
  email: z.string().trim().toLowerCase().email('must be an e-mail address').max(254),
  role: z.enum(roles, { error: 'choose one of the roles' }),
});

export const setRoleBody = z.strictObject({ role: z.enum(roles, { error: 'choose one of the roles' }) });

export const setPasswordBody = z.strictObject({
  token: z.string().min(1, 'the link is incomplete').max(200),
  password: z
    .string()
    .min(staffPasswordMin, `must be at least ${staffPasswordMin} characters`)
    .max(staffPasswordMax, `must be at most ${staffPasswordMax} characters`),
});

const staffParams = z.object({ staff_id: idParam });
const staffTarget = { kind: 'staff', param: 'staff_id' } as const;

export const staffArea = defineArea('staff', {
  list: get('staff', {
    summary: 'Staff accounts: role, status, created, last sign-in, active sessions, failed sign-ins in 24 hours',
    permission: 'assign_roles',
    answer: z.object({ staff: z.array(staffRowSchema) }),
  }),
  invite: post('staff', {
    summary: 'Invite a staff member: an e-mail with a single-use set-password link valid 72 hours (no password typed)',
    permission: 'assign_roles',
    body: inviteStaffBody,
    answer: z.object({ staff: staffRowSchema, invitation_expires_at: z.string() }),
  }),
  setRole: put('staff/:staff_id/role', {
    summary: 'Change a staff member’s role (409 for the last active ADMIN); it counts from their next request',
    permission: 'assign_roles',
    params: staffParams,
    body: setRoleBody,
    answer: staffRowSchema,
    target: staffTarget,
  }),
  deactivate: post('staff/:staff_id/actions/deactivate', {
    summary: 'Deactivate a staff account: signed out at their next request (409 for the last active ADMIN)',
    permission: 'assign_roles',
    params: staffParams,
    answer: staffRowSchema,
    target: staffTarget,
  }),
  activate: post('staff/:staff_id/actions/activate', {
    summary: 'Activate a deactivated staff account again',
    permission: 'assign_roles',
    params: staffParams,
    answer: staffRowSchema,
    target: staffTarget,
  }),
  endSessions: post('staff/:staff_id/actions/end_sessions', {
    summary: 'End every session of a staff member (they sign in again)',
    permission: 'assign_roles',
    params: staffParams,
    answer: z.object({ staff_id: z.number().int(), sessions_ended: z.number().int() }),
    target: staffTarget,
  }),
  setPassword: post('auth/set_password', {
    summary: 'Set a staff password from an invitation link (single use, expiring; at least 12 characters, not common)',
    permission: null,
    auth: 'none',
    body: setPasswordBody,
    answer: z.object({ email: z.string() }),
  }),
});
