import { api } from '../../domain/api';
import { createMarketingActivityBody } from '../../domain/partner-marketing';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { activityViews } from './activity-form';
import { marketingFieldSpecs } from './marketing-form';

export default defineCommand({
  id: 'marketing-activity.create',
  title: 'New marketing activity',
  group: 'Operations',
  permission: 'partner_managment',
  target: 'none',
  keywords: ['marketing', 'campaign', 'utm', 'link', 'short link'],
  params: { schema: createMarketingActivityBody, fields: marketingFieldSpecs },
  confirm: false,
  run: ({ params, signal }) => call(api.marketingActivities.create, { body: params }, { signal }),
  revalidates: activityViews,
  successMessage: ({ params }) => `${params.activity_name} added`,
});
