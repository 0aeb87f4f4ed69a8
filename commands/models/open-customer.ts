import { z } from 'zod';
import { api } from '../../domain/api';
import { defineCommand } from '../define';
import { customerField } from '../linked-choices';
import { navigateTo, userPath } from '../navigate';

export default defineCommand({
  id: 'model.open-customer',
  title: 'Open model’s customer',
  group: 'Operations',
  permission: 'user_details_read',
  target: 'none',
  keywords: ['model', 'customer', 'owner', 'user'],
  params: {
    schema: z.object({ user_id: api.users.get.params.shape.user_id }),
    fields: { user_id: customerField },
  },
  confirm: false,
  run: async ({ params }) => navigateTo(userPath(params.user_id)),
  revalidates: [],
});
