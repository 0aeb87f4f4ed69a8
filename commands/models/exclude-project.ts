import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { trainingProjectField } from '../linked-choices';
import { modelIdField, modelViews } from './model-fields';

export default defineCommand({
  id: 'model.exclude-project',
  title: 'Exclude training project',
  group: 'Operations',
  permission: 'manage_models',
  target: 'none',
  keywords: ['model', 'project', 'exclude', 'remove', 'training set'],
  params: {
    schema: api.models.excludeProject.params,
    fields: { model_id: modelIdField, project_id: trainingProjectField(false) },
  },
  confirm: false,
  run: ({ params, signal }) => call(api.models.excludeProject, { params }, { signal }),
  revalidates: modelViews,
  successMessage: ({ params }) => `Training project #${params.project_id} excluded from model #${params.model_id}`,
});
