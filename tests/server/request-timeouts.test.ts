import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { openTestDatabase } from './support/databases';
import { testSecret } from './support/test-api';

/** Writes `text` one byte every `everyMs` until done or the server closes the socket; says which came first. */
function trickle(socket: Socket, text: string, everyMs: number): Promise<{ closedEarly: boolean; answer: string }> {
  return new Promise((resolve) => {
    let answer = '';
    let sent = 0;
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const timer = setInterval(() => {
      if (sent >= text.length) {
        clearInterval(timer);
        socket.destroy();
        resolve({ closedEarly: false, answer });
        return;
      }
      socket.write(text[sent] ?? '');
      sent += 1;
    }, everyMs);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ closedEarly: sent < text.length, answer });
    });
    socket.on('error', () => undefined);
  });
}

describe('request timeouts of the listening server', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({
      database,
      config: { jwtSecret: testSecret },
      timeouts: { requestMs: 1000, idleMs: 60_000, keepAliveMs: 5000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const open = () => connect({ port, host: '127.0.0.1' });

  it('drops a request whose body trickles in (a byte every 200 ms) with 408, long before the body is complete', async () => {
    const socket = open();
    const body = JSON.stringify({ email: 'slow@test.example', password: 'x'.repeat(60) });
    socket.write(
      `POST /admin/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    const result = await trickle(socket, body, 200);
    expect(result.closedEarly).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('drops a request whose headers never finish', async () => {
    const socket = open();
    const result = await trickle(
      socket,
      `GET /admin/users/1 HTTP/1.1\r\nHost: localhost\r\n${'X-Slow: 1\r\n'.repeat(10)}`,
      200,
    );
    expect(result.closedEarly).toBe(true);
  });

  it('still answers a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/admin/auth/refresh`, { method: 'POST' });
    expect(response.status).toBe(401);
  });
});
