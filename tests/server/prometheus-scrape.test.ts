import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { openTestDatabase } from './support/databases';
import { testSecret } from './support/test-api';

/** Debian's Prometheus (`apt-get install prometheus`; .ci/run installs it) scraping a listening server. */
const prometheusPort = 8343;
const metricsToken = 'scrape-token-for-the-prometheus-test';

interface QueryAnswer {
  status: string;
  data: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
}

describe('Prometheus scraping /metrics', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let prometheus: ChildProcess;
  let directory: string;
  let output = '';

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ database, config: { jwtSecret: testSecret }, metricsToken });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const target = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    directory = await mkdtemp(join(tmpdir(), 'loupe-prometheus-'));
    await writeFile(
      join(directory, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'scrape_configs:',
        '  - job_name: loupe',
        `    authorization: { type: Bearer, credentials: ${metricsToken} }`,
        `    static_configs: [{ targets: ['${target}'] }]`,
        '',
      ].join('\n'),
    );
    prometheus = spawn(
      '/usr/bin/prometheus',
      [
        `--config.file=${join(directory, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(directory, 'data')}`,
        `--web.listen-address=127.0.0.1:${prometheusPort}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
  });
  afterAll(async () => {
    prometheus?.kill('SIGTERM');
    await app?.close();
    await database?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  async function query(promql: string): Promise<QueryAnswer | null> {
    const answer = await fetch(
      `http://127.0.0.1:${prometheusPort}/api/v1/query?query=${encodeURIComponent(promql)}`,
    ).catch(() => null);
    return answer?.ok ? ((await answer.json()) as QueryAnswer) : null;
  }

  it('scrapes the server with its token, and PromQL over the scrape gives the request rate per route', async () => {
    const rate = 'sum by (route) (rate(loupe_http_requests_total{job="loupe",route="/healthz"}[10s]))';
    let perSecond = 0;
    for (let tries = 0; tries < 300 && perSecond === 0; tries++) {
      await Promise.all(Array.from({ length: 5 }, () => fetch(`${app.listeningOrigin}/healthz`)));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await query(rate);
      perSecond = Number(answer?.data.result[0]?.value[1] ?? 0);
    }
    expect(perSecond, output).toBeGreaterThan(0);
    const up = await query('up{job="loupe"}');
    expect(up?.data.result[0]?.value[1]).toBe('1');
    const scrapes = await query('loupe_http_requests_total{route="/metrics"}');
    expect(scrapes?.data.result).toEqual([]);
  }, 90_000);
});
