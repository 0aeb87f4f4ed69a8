import { api } from '../../domain/api';
import { assignUsersForm } from '../../domain/operations-forms';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { customerIdsField } from '../linked-choices';
import { segmentFields, segmentFilters, segmentText } from '../notifications/segment-form';
import { abTestField } from '../record-choices';

function ids(text: string | undefined): number[] {
  return (text ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
}

export default defineCommand({
  id: 'ab-test.assign-users',
  title: 'Assign users to A/B test',
  group: 'Operations',
  permission: 'view_operations_center',
  target: 'none',
  keywords: ['a/b', 'experiment', 'assign', 'add users', 'customers', 'segment'],
  params: {
    schema: assignUsersForm,
    fields: {
      ab_test_id: abTestField,
      user_ids: { ...customerIdsField, hint: 'Or leave empty and choose a segment.' },
      ...segmentFields,
    },
  },
  confirm: false,
  run: ({ params, signal }) => {
    const chosen = ids(params.user_ids);
    const body = chosen.length > 0 ? { user_ids: chosen } : { segment: { filters: segmentFilters(params) } };
    return call(api.abTests.addUsers, { params: { testId: params.ab_test_id }, body }, { signal });
  },
  revalidates: [api.abTests.list, api.abTests.detail],
  successMessage: ({ params }) =>
    ids(params.user_ids).length > 0 ? 'Customers assigned' : `Assigned ${segmentText(params)} not yet in the test`,
});
