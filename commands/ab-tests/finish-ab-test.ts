import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { abTestField } from '../record-choices';

const form = z.object({ ab_test_id: api.abTests.finish.params.shape.testId });

export default defineCommand({
  id: 'ab-test.finish',
  title: 'Finish A/B test',
  group: 'Operations',
  permission: 'view_operations_center',
  target: 'none',
  keywords: ['a/b', 'experiment', 'finish', 'stop', 'end'],
  params: { schema: form, fields: { ab_test_id: abTestField } },
  confirm: 'destructive',
  consequence: (_, params) => `A/B test #${params.ab_test_id} ends: no one can be assigned to it any more.`,
  run: ({ params, signal }) => call(api.abTests.finish, { params: { testId: params.ab_test_id } }, { signal }),
  revalidates: [api.abTests.list, api.abTests.detail],
  successMessage: ({ params }) => `A/B test #${params.ab_test_id} finished`,
});
