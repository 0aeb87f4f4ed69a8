import { api } from '../../domain/api';
import { cullingCreditsMax, grantCullingCreditsBody } from '../../domain/user-actions';
import { call } from '../../src/http';
import { defineCommand } from '../define';

export default defineCommand({
  id: 'user.grant-culling-credits',
  title: 'Grant culling credits',
  group: 'Customer',
  permission: 'grant_culling_credits',
  target: 'user',
  keywords: ['culling', 'credits', 'grant'],
  params: {
    schema: grantCullingCreditsBody,
    fields: {
      amount: {
        kind: 'number',
        label: 'Culling credits',
        placeholder: 'e.g. 500',
        hint: `At most ${cullingCreditsMax.toLocaleString('en-US')} per grant.`,
      },
    },
  },
  confirm: false,
  run: ({ target, params, signal }) =>
    call(api.userActions.grantCullingCredits, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: [api.userDetails.culling, api.userDetails.activity, api.userDetails.audit],
  bulk: 'grant_culling_credits',
  successMessage: ({ target, params }) => `${params.amount} culling credits granted to ${target.name}`,
});
