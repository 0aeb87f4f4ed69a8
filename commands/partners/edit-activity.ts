import { api } from '../../domain/api';
import { editActivityForm } from '../../domain/partner-forms';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { partnerActivityField } from '../record-choices';
import { activityFieldSpecs, activityViews } from './activity-form';
import { versionField } from './partner-form';

export default defineCommand({
  id: 'activity.edit',
  title: 'Edit partner activity',
  group: 'Operations',
  permission: 'partner_managment',
  target: 'none',
  keywords: ['activity', 'utm', 'link', 'slug'],
  params: {
    schema: editActivityForm,
    fields: {
      activity_id: partnerActivityField,
      ...activityFieldSpecs,
      previous_slug: { kind: 'text', label: 'Current short link', hint: 'Read-only reference: the slug it has now.' },
      updated_at: versionField,
    },
  },
  confirm: false,
  run: ({ params: { activity_id, previous_slug: _, ...body }, signal }) =>
    call(api.partnerActivities.update, { params: { activity_id }, body }, { signal }),
  revalidates: activityViews,
  successMessage: ({ params }) => `Activity #${params.activity_id} saved`,
});
