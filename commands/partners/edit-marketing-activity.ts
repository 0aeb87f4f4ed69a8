import { api } from '../../domain/api';
import { editMarketingActivityForm } from '../../domain/partner-forms';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { marketingActivityField } from '../record-choices';
import { activityViews } from './activity-form';
import { marketingFieldSpecs } from './marketing-form';
import { versionField } from './partner-form';

export default defineCommand({
  id: 'marketing-activity.edit',
  title: 'Edit marketing activity',
  group: 'Operations',
  permission: 'partner_managment',
  target: 'none',
  keywords: ['marketing', 'campaign', 'utm'],
  params: {
    schema: editMarketingActivityForm,
    fields: {
      marketing_activity_id: marketingActivityField,
      ...marketingFieldSpecs,
      previous_slug: { kind: 'text', label: 'Current short link', hint: 'Read-only reference: the slug it has now.' },
      updated_at: versionField,
    },
  },
  confirm: false,
  run: ({ params: { marketing_activity_id, previous_slug: _, ...body }, signal }) =>
    call(api.marketingActivities.update, { params: { marketing_activity_id }, body }, { signal }),
  revalidates: activityViews,
  successMessage: ({ params }) => `Marketing activity #${params.marketing_activity_id} saved`,
});
