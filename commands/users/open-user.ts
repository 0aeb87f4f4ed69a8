import { api } from '../../domain/api';
import { defineCommand } from '../define';
import { navigateTo, userPath } from '../navigate';

export default defineCommand({
  id: 'user.open',
  title: 'Open customer by id',
  group: 'Customer',
  permission: 'user_details_read',
  target: 'none',
  shortcut: 'Shift+O',
  keywords: ['find', 'user', 'customer', 'id', 'go'],
  params: {
    schema: api.users.get.params,
    fields: { user_id: { kind: 'number', label: 'Customer id', placeholder: 'e.g. 1042' } },
  },
  confirm: false,
  run: async ({ params }) => navigateTo(userPath(params.user_id)),
  revalidates: [],
});
