import { randomUUID } from 'node:crypto';
import { count, eq, like } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { pipelineInboundPath, pipelineSignatureHeader } from '../../domain/integrations/pipeline';
import { auditLog, models, profiles, projects } from '../../server/db/schema';
import { pipelineDefaults } from '../../server/integrations/pipeline/settings';
import { sign } from '../../tools/stand-in-pipeline/signing';
import { describeEachBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertModels, insertProfile, insertProject } from './support/profiles';
import { useTestApi } from './support/test-api';

const secret = 'pipeline-test-secret-0123456789';

describeEachBackend('integrations: the editing pipeline reports progress, signed', (backend) => {
  const t = useTestApi(backend, { pipeline: { ...pipelineDefaults, webhookUrl: null, secret } });
  let customerId: number;
  beforeAll(async () => {
    customerId = (await insertCustomer(t.api.db)).id;
  });

  /** Posts an event as the pipeline would (signed now with the shared secret), or tampered as `how` says. */
  const report = (
    event: Record<string, unknown>,
    how: { secret?: string; at?: number; header?: string | null; raw?: string } = {},
  ) => {
    const body = how.raw ?? JSON.stringify({ event_id: `ev-${randomUUID()}`, ...event });
    const header =
      how.header === undefined ? sign(how.secret ?? secret, body, how.at ?? Math.floor(Date.now() / 1000)) : how.header;
    return t.api.inject({
      method: 'POST',
      url: pipelineInboundPath,
      headers: {
        'content-type': 'application/json',
        ...(header === null ? {} : { [pipelineSignatureHeader]: header }),
      },
      payload: body,
    });
  };
  const project = async (id: number) => (await t.api.db.select().from(projects).where(eq(projects.id, id)))[0];
  const model = async (id: number) => (await t.api.db.select().from(models).where(eq(models.id, id)))[0];
  const audited = async () =>
    (await t.api.db.select({ n: count() }).from(auditLog).where(like(auditLog.callId, 'integrations.pipeline.%')))[0]
      ?.n;

  it('moves a project UPLOADED → PROCESSING → READY with its counts, each step audited under the integration', async () => {
    const queued = await insertProject(t.api.db, customerId, { status: 'UPLOADED', imagesSent: 420 });
    expect((await report({ type: 'project.processing', project_id: queued.id })).statusCode).toBe(200);
    expect((await project(queued.id))?.status).toBe('PROCESSING');
    const ready = await report({ type: 'project.ready', project_id: queued.id, edits_sent: 400, images: 420 });
    expect(ready.statusCode).toBe(200);
    expect(await project(queued.id)).toMatchObject({ status: 'READY', editsSent: 400, imagesSent: 420 });
    expect((await project(queued.id))?.sentFinalEditAt).not.toBeNull();
    const rows = await t.api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(queued.id)));
    expect(rows.map((row) => [row.callId, row.staffId, row.outcome])).toEqual([
      ['integrations.pipeline.project.processing', null, 'ok'],
      ['integrations.pipeline.project.ready', null, 'ok'],
    ]);
    expect(rows[1]?.detail).toContain('PROCESSING → READY (400 edits sent)');
  });

  it('fails a project with the reason; a re-edit can queue it again', async () => {
    const queued = await insertProject(t.api.db, customerId, { status: 'PROCESSING' });
    const failed = await report({ type: 'project.failed', project_id: queued.id, reason: 'Corrupt RAW files' });
    expect(failed.statusCode).toBe(200);
    expect((await project(queued.id))?.status).toBe('FAILED');
    const pl1 = await t.api.signIn('SUPPORT_PL1');
    const reedit = await pl1.post(t.api.projects.reedit, { project_id: queued.id }, { reason: 'Files replaced' });
    expect(reedit.status).toBe(200);
    expect((await project(queued.id))?.status).toBe('UPLOADED');
  });

  it('trains a model PENDING → PROCESSING → READY: the profile edits with it and its finetune history shows it', async () => {
    const profile = await insertProfile(t.api.db, customerId, { state: 'DRAFT' });
    const [older, pending] = await insertModels(t.api.db, profile, ['READY', 'PENDING'], 0);
    if (!older || !pending) throw new Error('models not inserted');
    expect((await report({ type: 'model.processing', model_id: pending.id })).statusCode).toBe(200);
    expect((await model(pending.id))?.state).toBe('PROCESSING');
    expect((await model(pending.id))?.startedAt).not.toBeNull();
    const ready = await report({ type: 'model.ready', model_id: pending.id, photos: 1500, projects: 3 });
    expect(ready.statusCode).toBe(200);
    expect(await model(pending.id)).toMatchObject({ state: 'READY', photos: 1500, projects: 3 });
    expect((await model(older.id))?.state).toBe('DEPRECATED');
    const [owner] = await t.api.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(owner).toMatchObject({ currentModelId: pending.id, state: 'READY' });
    const admin = await t.api.signIn('ADMIN');
    const history = await admin.get(t.api.profiles.finetuneHistory, { profile_id: profile.id });
    expect(history.json.rows[0]).toMatchObject({ model_id: pending.id, state: 'READY', photos_in_model: 1500 });
  });

  it('fails a model with its fail_reason and photos', async () => {
    const profile = await insertProfile(t.api.db, customerId);
    const [pending] = await insertModels(t.api.db, profile, ['PROCESSING']);
    if (!pending) throw new Error('model not inserted');
    const failed = await report({
      type: 'model.failed',
      model_id: pending.id,
      fail_reason: 'Too few photos',
      photos: 80,
    });
    expect(failed.statusCode).toBe(200);
    expect(await model(pending.id)).toMatchObject({ state: 'FAIL', failReason: 'Too few photos', photos: 80 });
  });

  it('refuses a replayed event id (409) and changes nothing the second time', async () => {
    const queued = await insertProject(t.api.db, customerId, { status: 'UPLOADED' });
    const event = { event_id: `ev-${randomUUID()}`, type: 'project.processing', project_id: queued.id };
    expect((await report(event)).statusCode).toBe(200);
    const before = await audited();
    const again = await report(event);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('integration_event_replayed');
    expect(await audited()).toBe(before);
  });

  it('refuses bad, missing and old signatures, an unknown id, an illegal move, bad shapes and a 1 MB body', async () => {
    const queued = await insertProject(t.api.db, customerId, { status: 'UPLOADED' });
    const move = { type: 'project.processing', project_id: queued.id };
    const before = await audited();
    const refusals = [
      [await report(move, { secret: 'another-secret-entirely-0000' }), 401, 'integration_signature_invalid'],
      [await report(move, { header: null }), 401, 'integration_signature_missing'],
      [await report(move, { header: 't=abc,v1=zz' }), 401, 'integration_signature_missing'],
      [await report(move, { at: Math.floor(Date.now() / 1000) - 301 }), 401, 'integration_signature_expired'],
      [await report({ type: 'project.processing', project_id: 987_654_321 }), 404, 'project_not_found'],
      [await report({ type: 'model.processing', model_id: 987_654_321 }), 404, 'unknown_model'],
      [
        await report({ type: 'project.ready', project_id: queued.id, edits_sent: 3 }),
        409,
        'integration_transition_refused',
      ],
      [await report({ type: 'project.teleport', project_id: queued.id }), 400, 'validation_failed'],
      [await report({ ...move, project_id: '057' }), 400, 'validation_failed'],
      [await report({ ...move, extra: 'field' }), 400, 'validation_failed'],
      [await report({}, { raw: '{"event_id": "ev-12345678", "type": ' }), 400, 'malformed_json'],
      [await report({}, { raw: `${'['.repeat(4000)}${']'.repeat(4000)}` }), 400, 'json_too_deep'],
      [await report({ ...move, pad: 'x'.repeat(1024 * 1024) }), 413, 'payload_too_large'],
    ] as const;
    for (const [answer, status, code] of refusals) {
      expect([answer.statusCode, answer.json().code]).toEqual([status, code]);
    }
    expect((await project(queued.id))?.status).toBe('UPLOADED');
    expect(await audited()).toBe(before);
    // The refused events were not recorded: the same id, signed properly, still works once.
    const event = { event_id: `ev-${randomUUID()}`, ...move };
    expect((await report(event, { secret: 'another-secret-entirely-0000' })).statusCode).toBe(401);
    expect((await report(event)).statusCode).toBe(200);
  });

  it('refuses a model the staff locked, and other content types', async () => {
    const profile = await insertProfile(t.api.db, customerId);
    const [pending] = await insertModels(t.api.db, profile, ['PENDING']);
    if (!pending) throw new Error('model not inserted');
    await t.api.db.update(models).set({ locked: true, lockMessage: 'Under review' }).where(eq(models.id, pending.id));
    const locked = await report({ type: 'model.processing', model_id: pending.id });
    expect([locked.statusCode, locked.json().detail]).toEqual([409, `Model #${pending.id} is locked: Under review`]);
    const text = await t.api.inject({
      method: 'POST',
      url: pipelineInboundPath,
      payload: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(415);
    expect((await model(pending.id))?.state).toBe('PENDING');
  });
});
