import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { marketingActivityField } from '../record-choices';
import { activityViews } from './activity-form';

export default defineCommand({
  id: 'marketing-activity.delete',
  title: 'Delete marketing activity',
  group: 'Operations',
  permission: 'delete_activities',
  target: 'none',
  keywords: ['marketing', 'campaign', 'remove'],
  params: {
    schema: z.object({
      marketing_activity_id: api.marketingActivities.remove.params.shape.marketing_activity_id,
    }),
    fields: {
      marketing_activity_id: marketingActivityField,
    },
  },
  confirm: 'destructive',
  consequence: (_, params) =>
    `Marketing activity #${params.marketing_activity_id} and its short link go for good: the link stops working.`,
  run: ({ params, signal }) => call(api.marketingActivities.remove, { params }, { signal }),
  revalidates: activityViews,
  successMessage: ({ params }) => `Marketing activity #${params.marketing_activity_id} deleted`,
});
