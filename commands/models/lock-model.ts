import { z } from 'zod';
import { api } from '../../domain/api';
import { lockBody } from '../../domain/models';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { modelIdField, modelViews } from './model-fields';

export default defineCommand({
  id: 'model.lock',
  title: 'Lock model',
  group: 'Operations',
  permission: 'manage_models',
  target: 'none',
  keywords: ['model', 'lock', 'freeze', 'protect'],
  params: {
    schema: z.object({ model_id: api.models.lock.params.shape.model_id, message: lockBody.shape.message }),
    fields: {
      model_id: modelIdField,
      message: { kind: 'textarea', label: 'Lock message', placeholder: 'Why nobody may change it now' },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(api.models.lock, { params: { model_id: params.model_id }, body: { message: params.message } }, { signal }),
  revalidates: modelViews,
  successMessage: ({ params }) => `Model #${params.model_id} locked`,
});
