import type { BulkCommandName } from './bulk';
import type { Endpoint } from './endpoint';
import { userActions } from './user-actions';
import { users } from './users';

/** What one bulk command is: the single-customer call it repeats, and how people name its effect. */
export interface BulkCommand {
  endpoint: Endpoint;
  /** "Suspend 1,204 customers" */
  verb: string;
}

/** Each bulk command's single call (the customer id is its `user_id`; the run's params are its body). */
export const bulkCommands: Record<BulkCommandName, BulkCommand> = {
  suspend: { endpoint: users.suspend, verb: 'Suspend' },
  unsuspend: { endpoint: users.unsuspend, verb: 'Unsuspend' },
  add_trial_photos: { endpoint: userActions.addTrialPhotos, verb: 'Add trial photos to' },
  give_credit: { endpoint: userActions.giveCredit, verb: 'Give credit to' },
  send_email: { endpoint: userActions.sendEmail, verb: 'E-mail' },
  send_reset_password_email: { endpoint: userActions.sendResetPasswordEmail, verb: 'Send a password reset to' },
  force_logout: { endpoint: userActions.forceLogout, verb: 'Sign out' },
  grant_culling_credits: { endpoint: userActions.grantCullingCredits, verb: 'Grant culling credits to' },
  grant_free_culling_plan: { endpoint: userActions.grantFreeCullingPlan, verb: 'Grant a free culling plan to' },
};
