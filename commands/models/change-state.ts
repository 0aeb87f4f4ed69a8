import { z } from 'zod';
import { api } from '../../domain/api';
import { modelMovesInWords } from '../../domain/model-states';
import { updateStateBody } from '../../domain/models';
import { modelStateLabels, modelStates } from '../../domain/profiles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { modelIdField, modelViews } from './model-fields';

const form = z.object({
  model_id: updateStateBody.shape.model_id,
  state: updateStateBody.shape.state,
  reason: updateStateBody.shape.reason,
  last_updated_row: updateStateBody.shape.last_updated_row,
});

export default defineCommand({
  id: 'model.change-state',
  title: 'Change model state',
  group: 'Operations',
  permission: 'manage_models',
  target: 'none',
  keywords: ['model', 'state', 'ready', 'fail', 'hold', 'deprecate', 'approve', 'review'],
  params: {
    schema: form,
    fields: {
      model_id: modelIdField,
      state: {
        kind: 'select',
        label: 'New state',
        options: modelStates.map((state) => ({ value: state, label: modelStateLabels[state] })),
        hint: `Allowed moves: ${modelMovesInWords()}. A held model goes back to the state it was held from (or fails).`,
      },
      reason: { kind: 'textarea', label: 'Reason', placeholder: 'Needed when it failed: what went wrong' },
      last_updated_row: {
        kind: 'text',
        label: 'Version read',
        placeholder: 'Filled in by the page',
        hint: 'If someone changed the model since, the change is refused instead of overwriting theirs.',
      },
    },
  },
  confirm: false,
  run: ({ params, signal }) => call(api.models.updateState, { body: params }, { signal }),
  revalidates: modelViews,
  successMessage: ({ params }) => `Model #${params.model_id} is ${modelStateLabels[params.state].toLowerCase()} now`,
});
