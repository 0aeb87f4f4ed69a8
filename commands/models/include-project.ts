import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { trainingProjectField } from '../linked-choices';
import { modelIdField, modelViews } from './model-fields';

export default defineCommand({
  id: 'model.include-project',
  title: 'Include training project',
  group: 'Operations',
  permission: 'manage_models',
  target: 'none',
  keywords: ['model', 'project', 'include', 'restore', 'training set'],
  params: {
    schema: api.models.includeProject.params,
    fields: { model_id: modelIdField, project_id: trainingProjectField(true) },
  },
  confirm: false,
  run: ({ params, signal }) => call(api.models.includeProject, { params }, { signal }),
  revalidates: modelViews,
  successMessage: ({ params }) => `Training project #${params.project_id} included in model #${params.model_id}`,
});
