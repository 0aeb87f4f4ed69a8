import { z } from 'zod';
import { api } from '../../domain/api';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { videoProjectField } from './project-choice';

const form = z.object({ project_id: api.projects.emailVideo.params.shape.project_id });

export default defineCommand({
  id: 'project.email-video',
  title: 'E-mail video project',
  group: 'Customer',
  permission: 'video_email_project',
  target: 'user',
  keywords: ['email', 'e-mail', 'send', 'video', 'film', 'link', 'project'],
  params: {
    schema: form,
    fields: {
      project_id: { ...videoProjectField, hint: 'The customer gets a link to the video.' },
    },
  },
  confirm: false,
  run: ({ params, signal }) => call(api.projects.emailVideo, { params: { project_id: params.project_id } }, { signal }),
  revalidates: [api.userDetails.activity, api.userDetails.audit, api.outbox.list, api.outbox.customerList],
  successMessage: ({ target, params }) => `${target.name} was e-mailed a link to video project #${params.project_id}`,
});
