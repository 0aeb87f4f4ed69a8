import { api } from '../../domain/api';
import { abTestForm, parseVariants } from '../../domain/operations-forms';
import { call } from '../../src/http';
import { defineCommand } from '../define';

export default defineCommand({
  id: 'ab-test.create',
  title: 'Create A/B test',
  group: 'Operations',
  permission: 'view_operations_center',
  target: 'none',
  keywords: ['a/b', 'ab test', 'experiment', 'split', 'variant'],
  params: {
    schema: abTestForm,
    fields: {
      feature_id: { kind: 'text', label: 'Feature id', placeholder: 'pricing-page' },
      feature_label: { kind: 'text', label: 'Feature', placeholder: 'Pricing page' },
      variants: {
        kind: 'text',
        label: 'Variants',
        placeholder: 'control 50, new-price 50',
        hint: 'Percentages sum to 100.',
      },
      description: { kind: 'textarea', label: 'Description (optional)' },
      end_date: { kind: 'date', label: 'Ends (optional)' },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(
      api.abTests.create,
      {
        body: {
          feature_id: params.feature_id,
          feature_label: params.feature_label,
          variants: parseVariants(params.variants),
          description: params.description ?? '',
          end_date: params.end_date ?? null,
        },
      },
      { signal },
    ),
  revalidates: [api.abTests.list],
  successMessage: ({ params }) => `A/B test “${params.feature_label}” created`,
});
