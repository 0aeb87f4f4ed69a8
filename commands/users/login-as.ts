import { api } from '../../domain/api';
import { loginAsLinkTtlSeconds, reasonBody } from '../../domain/user-actions';
import { call } from '../../src/http';
import { formatTime } from '../../src/ui/dates';
import { defineCommand } from '../define';

function expiresAt(answer: unknown): string {
  const at = (answer as { expires_at?: unknown }).expires_at;
  return typeof at === 'string' && !Number.isNaN(new Date(at).getTime()) ? formatTime(at) : '';
}

export default defineCommand({
  id: 'user.login-as',
  title: 'Login as',
  group: 'Customer',
  permission: 'login_as',
  target: 'user',
  keywords: ['impersonate', 'sign in as', 'see as customer', 'link'],
  params: {
    schema: reasonBody,
    fields: {
      reason: {
        kind: 'textarea',
        label: 'Reason',
        placeholder: 'Why you need to see their account, e.g. the ticket number',
        hint: 'Required. Kept in the audit log.',
      },
    },
  },
  confirm: 'destructive',
  consequence: (target) =>
    `You get a single-use link, valid ${loginAsLinkTtlSeconds / 60} minutes, that opens the customer app as ${target.name}.`,
  run: ({ target, params, signal }) =>
    call(api.userActions.loginAs, { params: { user_id: target.id }, body: params }, { signal }),
  result: (answer, { target }) => {
    const url = (answer as { url?: unknown }).url;
    const until = expiresAt(answer);
    return {
      title: `Link to sign in as ${target.name}`,
      message: `It works once${until ? `, until ${until}` : ''}. Open it in a private window.`,
      copy: typeof url === 'string' ? { label: 'Single-use link', value: url } : undefined,
    };
  },
  revalidates: [api.userDetails.activity, api.userDetails.audit],
});
