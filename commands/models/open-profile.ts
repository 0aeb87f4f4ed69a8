import { z } from 'zod';
import { api } from '../../domain/api';
import { defineCommand } from '../define';
import { customerField } from '../linked-choices';
import { navigateTo, userPath } from '../navigate';

export default defineCommand({
  id: 'model.open-profile',
  title: 'Open model’s profile',
  group: 'Operations',
  permission: 'user_details_read',
  target: 'none',
  keywords: ['model', 'profile', 'finetune history'],
  params: {
    schema: z.object({ user_id: api.users.get.params.shape.user_id }),
    fields: { user_id: { ...customerField, hint: 'The profile owner: their Profiles tab opens.' } },
  },
  confirm: false,
  run: async ({ params }) => navigateTo(userPath(params.user_id, 'profiles')),
  revalidates: [],
});
