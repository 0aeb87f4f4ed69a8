import { api } from '../../domain/api';
import { freeCullingPlanMonths, grantFreeCullingPlanBody } from '../../domain/user-actions';
import { call } from '../../src/http';
import { defineCommand, disabled, enabled } from '../define';

export default defineCommand({
  id: 'user.grant-free-culling-plan',
  title: 'Grant free culling plan',
  group: 'Customer',
  permission: 'grant_free_culling_plan',
  target: 'user',
  keywords: ['culling', 'free', 'plan', 'grant'],
  params: {
    schema: grantFreeCullingPlanBody,
    fields: {
      months: {
        kind: 'select',
        label: 'Length',
        placeholder: 'Choose a length…',
        numeric: true,
        options: freeCullingPlanMonths.map((months) => ({
          value: String(months),
          label: months === 1 ? '1 month' : `${months} months`,
        })),
      },
    },
  },
  confirm: false,
  available: (target) =>
    target.row?.culling_subscription_type === 'MONTHLY' || target.row?.culling_subscription_type === 'YEARLY'
      ? disabled('The customer has a paid culling plan; terminate it first')
      : enabled,
  run: ({ target, params, signal }) =>
    call(api.userActions.grantFreeCullingPlan, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: [
    api.users.get,
    api.userDetails.culling,
    api.userDetails.tiles,
    api.userDetails.activity,
    api.userDetails.audit,
  ],
  successMessage: ({ target, params }) => `${target.name} has a free culling plan for ${params.months} months`,
  bulk: 'grant_free_culling_plan',
});
