import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { partnerActivityField } from '../record-choices';
import { activityViews } from './activity-form';

export default defineCommand({
  id: 'activity.delete',
  title: 'Delete partner activity',
  group: 'Operations',
  permission: 'delete_activities',
  target: 'none',
  keywords: ['activity', 'remove'],
  params: {
    schema: z.object({ activity_id: api.partnerActivities.remove.params.shape.activity_id }),
    fields: { activity_id: partnerActivityField },
  },
  confirm: 'destructive',
  consequence: (_, params) =>
    `Activity #${params.activity_id} and its short link go for good: the link stops working and its clicks are lost.`,
  run: ({ params, signal }) => call(api.partnerActivities.remove, { params }, { signal }),
  revalidates: activityViews,
  successMessage: ({ params }) => `Activity #${params.activity_id} deleted`,
});
