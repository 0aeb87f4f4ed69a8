import { z } from 'zod';
import { api } from '../../domain/api';
import { reeditBody } from '../../domain/projects';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { editingProjectField } from './project-choice';

const reeditForm = z.object({
  project_id: api.projects.reedit.params.shape.project_id,
  reason: reeditBody.shape.reason,
});

export default defineCommand({
  id: 'project.reedit',
  title: 'Re-edit project',
  group: 'Customer',
  permission: 'reedit_project',
  target: 'user',
  shortcut: 'Shift+Q',
  keywords: ['project', 're-edit', 'redo', 'edit again', 'queue'],
  params: {
    schema: reeditForm,
    fields: {
      project_id: editingProjectField,
      reason: { kind: 'textarea', label: 'Reason', placeholder: 'What should come out differently' },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(
      api.projects.reedit,
      { params: { project_id: params.project_id }, body: { reason: params.reason } },
      { signal },
    ),
  revalidates: [api.projects.editing, api.userDetails.activity, api.userDetails.audit],
  successMessage: ({ params }) => `Project #${params.project_id} is back in the queue to be edited again`,
});
