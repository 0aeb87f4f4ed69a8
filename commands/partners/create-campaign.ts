import { z } from 'zod';
import { api } from '../../domain/api';
import { campaignNameSchema } from '../../domain/partner-activities';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { activityViews } from './activity-form';

export default defineCommand({
  id: 'activity.create-campaign',
  title: 'New campaign',
  group: 'Operations',
  permission: 'add_campaign',
  target: 'none',
  keywords: ['campaign', 'utm_campaign', 'activity'],
  params: {
    schema: z.object({ name: campaignNameSchema }),
    fields: {
      name: {
        kind: 'text',
        label: 'Campaign',
        placeholder: 'e.g. spring_sale',
        hint: 'What activities carry as utm_campaign.',
        availability: {
          key: (values) => {
            const parsed = campaignNameSchema.safeParse(typeof values.name === 'string' ? values.name : '');
            return parsed.success ? parsed.data : null;
          },
          check: async (values, signal) => {
            const answer = await call(
              api.partnerActivities.isUniqueCampaign,
              { query: { name: String(values.name).trim() } },
              { signal, silent: true },
            );
            return answer.data.is_unique_campaign ? null : 'A campaign with this name exists already';
          },
        },
      },
    },
  },
  confirm: false,
  run: ({ params, signal }) => call(api.partnerActivities.createCampaign, { body: params }, { signal }),
  revalidates: activityViews,
  successMessage: ({ params }) => `Campaign ${params.name} added`,
});
