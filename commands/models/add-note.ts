import { z } from 'zod';
import { api } from '../../domain/api';
import { noteBody } from '../../domain/models';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { modelIdField, modelViews } from './model-fields';

export default defineCommand({
  id: 'model.add-note',
  title: 'Add profile note',
  group: 'Operations',
  permission: 'manage_models',
  target: 'none',
  keywords: ['model', 'profile', 'note', 'comment'],
  params: {
    schema: z.object({ model_id: api.models.addNote.params.shape.model_id, body: noteBody.shape.body }),
    fields: { model_id: modelIdField, body: { kind: 'textarea', label: 'Note', placeholder: 'What you saw' } },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(api.models.addNote, { params: { model_id: params.model_id }, body: { body: params.body } }, { signal }),
  revalidates: modelViews,
  successMessage: ({ params }) => `Note added to model #${params.model_id}’s profile`,
});
