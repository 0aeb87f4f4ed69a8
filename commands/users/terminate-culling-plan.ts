import { api } from '../../domain/api';
import { reasonBody } from '../../domain/user-actions';
import { call } from '../../src/http';
import { defineCommand, enabled, hidden } from '../define';

export default defineCommand({
  id: 'user.terminate-culling-plan',
  title: 'Terminate culling plan',
  group: 'Customer',
  permission: 'terminate_culling_plan',
  target: 'user',
  keywords: ['culling', 'cancel', 'plan', 'stop', 'end'],
  params: {
    schema: reasonBody,
    fields: { reason: { kind: 'textarea', label: 'Reason', placeholder: 'Why the plan ends now' } },
  },
  confirm: 'destructive',
  consequence: (target) => `${target.name}’s culling plan ends now; they keep any culling credits they have.`,
  available: (target) => (target.row?.culling_subscription_type === 'NONE' ? hidden : enabled),
  run: ({ target, params, signal }) =>
    call(api.userActions.terminateCullingPlan, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: [
    api.users.get,
    api.userDetails.culling,
    api.userDetails.tiles,
    api.userDetails.activity,
    api.userDetails.audit,
  ],
  successMessage: ({ target }) => `${target.name}’s culling plan is terminated`,
});
