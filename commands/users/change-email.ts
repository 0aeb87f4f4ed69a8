import { api } from '../../domain/api';
import { changeEmailBody } from '../../domain/user-actions';
import { ApiError, call } from '../../src/http';
import { defineCommand } from '../define';
import { customerRowViews } from './customer-views';

export default defineCommand({
  id: 'user.change-email',
  title: 'Change e-mail',
  group: 'Customer',
  permission: 'change_user_email',
  target: 'user',
  keywords: ['email', 'address', 'login', 'rename'],
  params: {
    schema: changeEmailBody,
    fields: {
      email: {
        kind: 'text',
        label: 'New e-mail',
        placeholder: 'name@example.com',
        hint: 'Checked for another customer using it before anything changes.',
      },
    },
  },
  confirm: 'destructive',
  consequence: (target, params) =>
    `${target.name} signs in with ${params.email} from now on${target.email ? ` instead of ${target.email}` : ''}.`,
  run: async ({ target, params, signal }) => {
    const free = await call(
      api.userDetails.validateEmail,
      { params: { user_email: params.email }, query: { user_id: target.id } },
      { signal, silent: true },
    );
    if (!free.data.is_user_email_available) {
      throw new ApiError({
        title: 'E-mail taken',
        message: 'Another customer already uses this e-mail',
        status: 409,
        code: 'email_taken',
        field: 'email',
      });
    }
    return call(api.userActions.changeEmail, { params: { user_id: target.id }, body: params }, { signal });
  },
  revalidates: [...customerRowViews, api.userDetails.details],
  successMessage: ({ target, params }) => `${target.name}’s e-mail is now ${params.email}`,
});
