import { z } from 'zod';
import { api } from '../../domain/api';
import { defineCommand } from '../define';
import { navigateTo } from '../navigate';
import { modelIdField } from './model-fields';

export default defineCommand({
  id: 'model.open',
  title: 'Open model by id',
  group: 'Operations',
  permission: 'see_models',
  target: 'none',
  keywords: ['model', 'finetune', 'find', 'go', 'evidence'],
  params: {
    schema: z.object({ model_id: api.models.detail.params.shape.model_id }),
    fields: { model_id: modelIdField },
  },
  confirm: false,
  run: async ({ params }) => navigateTo(`/models/${params.model_id}`),
  revalidates: [],
});
