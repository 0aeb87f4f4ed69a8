import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../server/db/schema';
import { type PipelineDelivery, startPipelineDelivery } from '../../server/integrations/pipeline/delivery';
import { type DemoStandIn, startDemoPipeline } from '../../server/integrations/pipeline/demo-stand-in';
import { pipelineDefaults, pipelineSettingsFrom } from '../../server/integrations/pipeline/settings';
import { type DemoMailCapture, startDemoMailCapture } from '../../server/mail/demo-capture';
import { describeOnOneBackend } from './support/backends';
import { insertCustomer } from './support/fixtures';
import { insertProject } from './support/profiles';
import { useTestApi } from './support/test-api';

/**
 * What `npm start` runs beside the server (server/main.ts): the editing pipeline's stand-in and the mail capture, each
 * its own process, on a demo database only, and not when PIPELINE=off / MAIL_CAPTURE=off or a real receiver is named.
 * The decisions are `startDemoPipeline` and `startDemoMailCapture`, given the environment they read.
 */
const root = process.cwd();
const secret = 'pipeline-test-secret-0123456789';
const quiet = () => {};
/** The environment without anything naming a pipeline or a mail server (the demo's defaults). */
const bare = (): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = { ...process.env, STAND_IN_QUIET: '1' };
  for (const name of ['PIPELINE', 'PIPELINE_WEBHOOK_URL', 'PIPELINE_SECRET', 'MAIL_CAPTURE', 'SMTP_URL'])
    delete env[name];
  return env;
};

describe('demo start: which stand-ins run', () => {
  it('starts no pipeline stand-in with PIPELINE=off, a named PIPELINE_WEBHOOK_URL, or a database not the demo’s', async () => {
    for (const [demo, extra] of [
      [true, { PIPELINE: 'off' }],
      [true, { PIPELINE_WEBHOOK_URL: 'https://pipeline.example/hooks', PIPELINE_SECRET: secret }],
      [false, {}],
    ] as const) {
      const env: NodeJS.ProcessEnv = { ...bare(), ...extra };
      expect(await startDemoPipeline(root, { demo, port: 9, log: quiet }, env)).toBeNull();
      // Nothing points the server anywhere it was not pointed.
      expect(env.PIPELINE_WEBHOOK_URL).toBe('PIPELINE_WEBHOOK_URL' in extra ? extra.PIPELINE_WEBHOOK_URL : undefined);
    }
  });

  it('starts no mail capture with MAIL_CAPTURE=off, a set SMTP_URL, or a database not the demo’s', async () => {
    for (const [demo, extra] of [
      [true, { MAIL_CAPTURE: 'off' }],
      [true, { SMTP_URL: 'smtp://mail.example:587' }],
      [false, {}],
    ] as const) {
      const env: NodeJS.ProcessEnv = { ...bare(), ...extra };
      expect(await startDemoMailCapture(root, { demo, log: quiet }, env)).toBeNull();
      expect(env.SMTP_URL).toBe('SMTP_URL' in extra ? extra.SMTP_URL : undefined);
      expect(env.MAIL_CAPTURE_URL).toBeUndefined();
    }
  });

  it('starts the mail capture on a demo database without SMTP_URL, and points SMTP_URL at it', async () => {
    const env = bare();
    let capture: DemoMailCapture | null = null;
    try {
      capture = await startDemoMailCapture(root, { demo: true, log: quiet }, env);
      expect(capture?.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
      expect(env.SMTP_URL).toBe(capture?.smtpUrl);
      expect(env.MAIL_CAPTURE_URL).toBe(capture?.httpUrl);
    } finally {
      await capture?.stop();
    }
  });
});

describeOnOneBackend('demo start: a re-edit reaches READY through the pipeline stand-in process', (backend) => {
  const t = useTestApi(backend, { pipeline: { ...pipelineDefaults, webhookUrl: null, secret } });
  let standIn: DemoStandIn | null = null;
  let delivery: PipelineDelivery | undefined;
  const env: NodeJS.ProcessEnv = { ...bare(), PIPELINE_SECRET: secret, STAND_IN_STEP_MS: '100' };
  beforeAll(async () => {
    await t.api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.api.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // As server/main.ts does on a demo database: the stand-in first, then the settings it wrote into the environment.
    standIn = await startDemoPipeline(root, { demo: true, port, log: quiet }, env);
    const settings = pipelineSettingsFrom(env);
    if (!settings) throw new Error('no pipeline settings');
    delivery = startPipelineDelivery(t.api.db, settings, (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    await delivery?.stop();
    await standIn?.stop();
  });

  it('points PIPELINE_WEBHOOK_URL at the stand-in, which works the job and reports it back over HTTP', async () => {
    expect(standIn?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    expect(env.PIPELINE_WEBHOOK_URL).toBe(standIn?.url);
    const customer = await insertCustomer(t.api.db);
    const project = await insertProject(t.api.db, customer.id, { status: 'READY', imagesSent: 80 });
    const support = await t.api.signIn('SUPPORT_PL1');
    const answer = await support.post(t.api.projects.reedit, { project_id: project.id }, { reason: 'Too dark' });
    expect(answer.status).toBe(200);
    const statusOf = async () => (await t.api.db.select().from(projects).where(eq(projects.id, project.id)))[0]?.status;
    expect(await statusOf()).toBe('UPLOADED');
    const seen = new Set<string | undefined>();
    const until = Date.now() + 20_000;
    while ((await statusOf()) !== 'READY' && Date.now() < until) {
      seen.add(await statusOf());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await statusOf()).toBe('READY');
    expect(seen.has('PROCESSING')).toBe(true);
  }, 30_000);
});
