import { api } from '../../domain/api';
import { createActivityBody } from '../../domain/partner-activities';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { activityFieldSpecs, activityViews } from './activity-form';

export default defineCommand({
  id: 'activity.create',
  title: 'New partner activity',
  group: 'Operations',
  permission: 'partner_managment',
  target: 'none',
  keywords: ['activity', 'utm', 'link', 'short link', 'campaign', 'partner'],
  params: { schema: createActivityBody, fields: activityFieldSpecs },
  confirm: false,
  run: ({ params, signal }) => call(api.partnerActivities.create, { body: params }, { signal }),
  revalidates: activityViews,
  successMessage: () => 'Activity added',
});
