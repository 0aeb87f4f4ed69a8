import { api } from '../../domain/api';
import { defineCommand } from '../define';
import { customerField } from '../linked-choices';
import { navigateTo, userPath } from '../navigate';

export default defineCommand({
  id: 'user.open',
  title: 'Open customer by name or id',
  group: 'Customer',
  permission: 'user_details_read',
  target: 'none',
  shortcut: 'Shift+O',
  keywords: ['find', 'user', 'customer', 'id', 'e-mail', 'name', 'go'],
  params: {
    schema: api.users.get.params,
    fields: { user_id: customerField },
  },
  confirm: false,
  run: async ({ params }) => navigateTo(userPath(params.user_id)),
  revalidates: [],
});
