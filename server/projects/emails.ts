import { and, eq } from 'drizzle-orm';
import { api } from '../../domain/api';
import type { ProjectKind } from '../../domain/projects';
import type { Database } from '../db/client';
import { projects } from '../db/schema';
import { fail } from '../http/errors';
import { handle } from '../http/handler';
import { queueEmail } from '../mail/outbox';
import { customerAppUrl, findCustomer, recordEmailSent } from '../users/customer-records';

type ProjectRecord = typeof projects.$inferSelect;

const delivered = (project: ProjectRecord) => project.status === 'READY' || project.status === 'DOWNLOADED';

async function deliveredProject(db: Database, projectId: number, kind: ProjectKind): Promise<ProjectRecord> {
  const [project] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.kind, kind)));
  if (!project) throw fail(kind === 'VIDEO' ? 'video_project_not_found' : 'project_not_found');
  if (!delivered(project)) throw fail('project_not_delivered');
  return project;
}

/** The customer app's page of a project, where the customer downloads its results (signed in as themselves). */
export function projectAppUrl(project: Pick<ProjectRecord, 'id' | 'kind'>): string {
  return `${customerAppUrl}/${project.kind === 'VIDEO' ? 'video' : 'projects'}/${project.id}`;
}

/** Queues the e-mail (copied to the customer's cc addresses) and puts it on their activity timeline. */
async function emailProject(
  db: Database,
  project: ProjectRecord,
  template: 'EDITED_PHOTOS' | 'VIDEO_PROJECT',
  staff: Parameters<typeof recordEmailSent>[4],
) {
  const customer = await findCustomer(db, project.customerId);
  const url = projectAppUrl(project);
  const what = template === 'EDITED_PHOTOS' ? 'edited photos' : 'video';
  const subject =
    template === 'EDITED_PHOTOS'
      ? `Your edited photos of “${project.name}” are ready`
      : `Your video “${project.name}” is ready`;
  const outboxId = await queueEmail(db, {
    template,
    recipient: customer.email,
    customerId: customer.id,
    payload: {
      subject,
      first_name: customer.firstName,
      cc: customer.ccEmails,
      note: `Open “${project.name}” to see and download the ${what}: ${url}`,
      url,
    },
  });
  await recordEmailSent(db, customer.id, template, customer.email, staff);
  return { outbox_id: outboxId, recipient: customer.email, template, url };
}

/** POST projects/editing/{id}/email_edited_photos: the link to a delivered project's edits, by e-mail. */
export const emailEditedPhotos = handle(api.projects.emailEditedPhotos, async ({ db, params, staff }) => {
  const project = await deliveredProject(db, params.project_id, 'EDITING');
  return emailProject(db, project, 'EDITED_PHOTOS', staff);
});

/** POST projects/video/{id}/email_project: the link to a delivered video, by e-mail; 204 with no body (the spec). */
export const emailVideoProject = handle(api.projects.emailVideo, async ({ db, params, staff, reply }) => {
  const project = await deliveredProject(db, params.project_id, 'VIDEO');
  await emailProject(db, project, 'VIDEO_PROJECT', staff);
  reply.code(204);
  return null;
});
