import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { activityEvents, charges, projects } from '../../server/db/schema';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertProject } from './support/profiles';
import { type Client, useTestApi } from './support/test-api';

describeEachBackend('projects: re-edit puts a delivered project back in the queue, charging nothing', (backend) => {
  const t = useTestApi(backend);
  let pl1: Client;
  beforeAll(async () => {
    pl1 = await t.api.signIn('SUPPORT_PL1');
  });

  const stored = async (id: number) => (await t.api.db.select().from(projects).where(eq(projects.id, id)))[0];
  const ledgerRows = async (customerId: number) =>
    (await t.api.db.select({ n: count() }).from(charges).where(eq(charges.customerId, customerId)))[0]?.n;

  it('re-edits a delivered project: UPLOADED again, no money moved, on the timeline with the reason', async () => {
    const customer = await insertCustomer(t.api.db);
    const project = await insertProject(t.api.db, customer.id, {
      status: 'DOWNLOADED',
      editsSent: 600,
      totalCharge: 4800,
      paid: true,
      sentFinalEditAt: '2026-03-02T10:00:00Z',
    });
    const before = await ledgerRows(customer.id);
    const result = await pl1.post(t.api.projects.reedit, { project_id: project.id }, { reason: 'Skin tones too warm' });
    expect(result.status).toBe(200);
    expect(result.json.project).toMatchObject({ id: project.id, project_status: 'UPLOADED', number_of_edit_sent: 0 });
    expect(result.json.project.quick_actions).toContainEqual({
      name: 'RE_EDIT',
      is_disabled: true,
      disable_message: 'The project is in the queue already',
    });
    expect(await stored(project.id)).toMatchObject({ status: 'UPLOADED', totalCharge: 4800, paid: true });
    expect(await ledgerRows(customer.id)).toBe(before);
    const events = await t.api.db.select().from(activityEvents).where(eq(activityEvents.customerId, customer.id));
    expect(events.map((event) => event.event)).toContain('Project sent for re-edit');
    expect(JSON.stringify(events.at(-1)?.properties)).toContain('Skin tones too warm');
  });

  it('refuses a project still in the queue (409), an unknown or video project (404) and an empty reason (400)', async () => {
    const customer = await insertCustomer(t.api.db);
    const queued = await insertProject(t.api.db, customer.id, { status: 'PROCESSING' });
    const refused = await pl1.post(t.api.projects.reedit, { project_id: queued.id }, { reason: 'Again please' });
    expect(refused.status).toBe(409);
    expect((await stored(queued.id))?.status).toBe('PROCESSING');
    const video = await insertProject(t.api.db, customer.id, {
      kind: 'VIDEO',
      projectType: null,
      durationMinutes: 5,
      numberOfClips: 3,
    });
    expect((await pl1.post(t.api.projects.reedit, { project_id: video.id }, { reason: 'Again please' })).status).toBe(
      404,
    );
    expect((await pl1.post(t.api.projects.reedit, { project_id: 987_654_321 }, { reason: 'Again' })).status).toBe(404);
    const delivered = await insertProject(t.api.db, customer.id, { status: 'READY' });
    const empty = await pl1.post(t.api.projects.reedit, { project_id: delivered.id }, { reason: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.error.field).toBe('reason');
  });
});
