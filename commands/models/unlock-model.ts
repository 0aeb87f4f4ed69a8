import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { modelIdField, modelViews } from './model-fields';

export default defineCommand({
  id: 'model.unlock',
  title: 'Unlock model',
  group: 'Operations',
  permission: 'manage_models',
  target: 'none',
  keywords: ['model', 'unlock', 'release'],
  params: {
    schema: z.object({ model_id: api.models.unlock.params.shape.model_id }),
    fields: { model_id: modelIdField },
  },
  confirm: 'destructive',
  consequence: (_, params) => `Model #${params.model_id} can be changed again by anyone who manages models.`,
  run: ({ params, signal }) => call(api.models.unlock, { params }, { signal }),
  revalidates: modelViews,
  successMessage: ({ params }) => `Model #${params.model_id} unlocked`,
});
