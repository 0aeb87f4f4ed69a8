import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineArea, post } from '../../domain/endpoint';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { handlePublic } from '../../server/http/handler';
import { createDrain } from '../../server/ops/drain';
import { openTestDatabase } from './support/databases';
import { testSecret } from './support/test-api';

/** A call that answers when the test lets it: a request in flight for as long as needed. */
let release: () => void = () => {};
const held = new Promise<void>((resolve) => {
  release = resolve;
});
const slow = defineArea('test', {
  wait: post('test/held', {
    summary: 'Test-only: answers once released',
    permission: null,
    auth: 'none',
    body: z.object({}),
    answer: z.object({ ok: z.literal(true) }),
  }),
});
const slowHandler = handlePublic(slow.wait, async () => {
  await held;
  return { ok: true as const };
});

describe('drain steps', () => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  it('hands background work back at once, and a second call skips the drain window but waits for requests in flight', async () => {
    const app = await buildApp({
      database,
      config: { jwtSecret: testSecret },
      extraHandlers: [slowHandler],
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const steps: string[] = [];
    const drain = createDrain(
      {
        app,
        stopBackground: async () => {
          steps.push('background stopped');
        },
        closeResources: async () => {
          steps.push('resources closed');
        },
        log: (line) => steps.push(line.replace(/[\d.]+ s/, 'N s')),
      },
      { drainSeconds: 600, inFlightSeconds: 25 },
    );
    const inFlight = fetch(`${base}/admin/test/held`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drained = drain.start();
    expect(app.readiness.state()).toMatchObject({ ready: false, reasons: ['draining'] });
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect(steps).toEqual(['background stopped']);
    // The 600 s window is cut short by the second signal; the held request still finishes before the end.
    const again = drain.start();
    expect(again).toBe(drained);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(steps).toEqual([
      'background stopped',
      'drain: not listening any more after N s; finishing the requests in flight',
    ]);
    release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await drained).toBe(true);
    expect(steps.slice(2)).toEqual(['resources closed', 'drain: done in N s']);
  });
});
