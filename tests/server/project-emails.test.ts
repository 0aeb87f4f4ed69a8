import { desc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { api } from '../../domain/api';
import { activityEvents, outbox } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('project e-mails: edited photos and video, with a link, on the timeline', (backend) => {
  const t = useTestApi(backend);
  let pl2: Client;
  beforeAll(async () => {
    pl2 = await t.api.signIn('SUPPORT_PL2');
  });
  const outboxOf = (customerId: number) =>
    t.api.db.select().from(outbox).where(eq(outbox.customerId, customerId)).orderBy(desc(outbox.id));
  const timelineOf = (customerId: number) =>
    t.api.db.select().from(activityEvents).where(eq(activityEvents.customerId, customerId));

  it('e-mails the edited photos of a delivered project: an outbox row with the project’s link, a timeline event', async () => {
    const customer = await insertCustomer(t.api.db, { email: 'ana.edits@example.com' });
    const project = await insertProject(t.api.db, customer.id, { name: 'Lake elopement', status: 'DOWNLOADED' });
    const sent = await pl2.post(api.projects.emailEditedPhotos, { project_id: project.id });
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ recipient: 'ana.edits@example.com', template: 'EDITED_PHOTOS' });
    expect(sent.json.url).toMatch(new RegExp(`/projects/${project.id}$`));
    const [row] = await outboxOf(customer.id);
    expect(row).toMatchObject({
      id: sent.json.outbox_id,
      template: 'EDITED_PHOTOS',
      recipient: 'ana.edits@example.com',
    });
    expect(row?.subject).toBe('Your edited photos of “Lake elopement” are ready');
    expect(JSON.stringify(row?.payload)).toContain(sent.json.url);
    const events = await timelineOf(customer.id);
    expect(events.map((event) => event.event)).toContain('E-mail sent');
  });

  it('e-mails a delivered video project and answers 204 with an empty body', async () => {
    const customer = await insertCustomer(t.api.db);
    const video = await insertProject(t.api.db, customer.id, {
      kind: 'VIDEO',
      projectType: null,
      name: 'Harbor film',
      status: 'READY',
      durationMinutes: 12,
      numberOfClips: 30,
    });
    const sent = await pl2.post(api.projects.emailVideo, { project_id: video.id });
    expect(sent.status).toBe(204);
    expect(sent.raw.body).toBe('');
    const [row] = await outboxOf(customer.id);
    expect(row).toMatchObject({ template: 'VIDEO_PROJECT', subject: 'Your video “Harbor film” is ready' });
    expect(JSON.stringify(row?.payload)).toContain(`/video/${video.id}`);
  });

  it('refuses a project not delivered yet (409), the wrong kind or an unknown id (404), sending nothing', async () => {
    const customer = await insertCustomer(t.api.db);
    const waiting = await insertProject(t.api.db, customer.id, { status: 'PROCESSING' });
    const notYet = await pl2.post(api.projects.emailEditedPhotos, { project_id: waiting.id });
    expect(notYet.status).toBe(409);
    expect(notYet.error.code).toBe('project_not_delivered');
    expect((await pl2.post(api.projects.emailVideo, { project_id: waiting.id })).status).toBe(404);
    expect((await pl2.post(api.projects.emailEditedPhotos, { project_id: 987654321 })).status).toBe(404);
    expect(await outboxOf(customer.id)).toEqual([]);
  });
});
