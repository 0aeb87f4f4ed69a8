import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { editingProjectField } from './project-choice';

const form = z.object({ project_id: api.projects.emailEditedPhotos.params.shape.project_id });

export default defineCommand({
  id: 'project.email-edited-photos',
  title: 'E-mail edited photos',
  group: 'Customer',
  permission: 'email_edited_photos',
  target: 'user',
  keywords: ['email', 'e-mail', 'send', 'photos', 'edits', 'link', 'project', 'again'],
  params: {
    schema: form,
    fields: {
      project_id: { ...editingProjectField, hint: 'The customer gets a link to the project’s edited photos.' },
    },
  },
  confirm: false,
  run: ({ params, signal }) =>
    call(api.projects.emailEditedPhotos, { params: { project_id: params.project_id } }, { signal }),
  revalidates: [api.userDetails.activity, api.userDetails.audit, api.outbox.list, api.outbox.customerList],
  successMessage: ({ target, params }) =>
    `${target.name} was e-mailed a link to the edited photos of project #${params.project_id}`,
});
