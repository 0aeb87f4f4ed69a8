import { api } from '../../domain/api';
import { addReferralBody } from '../../domain/user-actions';
import { call } from '../../src/http';
import { defineCommand } from '../define';

export default defineCommand({
  id: 'user.add-referral',
  title: 'Add referral',
  group: 'Customer',
  permission: 'add_referral',
  target: 'user',
  keywords: ['referral', 'referred', 'invite', 'refer'],
  params: {
    schema: addReferralBody,
    fields: {
      referred_user: {
        kind: 'text',
        label: 'Referred customer',
        placeholder: 'Their id or e-mail',
        hint: 'The customer this one brought in.',
      },
    },
  },
  confirm: false,
  run: ({ target, params, signal }) =>
    call(api.userActions.addReferral, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: [
    api.users.get,
    api.users.lastViewed,
    api.userDetails.details,
    api.userDetails.activity,
    api.userDetails.audit,
  ],
  successMessage: ({ target, params }) => `${params.referred_user} recorded as referred by ${target.name}`,
});
