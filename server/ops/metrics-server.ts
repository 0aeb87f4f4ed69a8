import { createServer, type Server } from 'node:http';
import type { Registry } from 'prom-client';

/** METRICS_PORT: `GET /metrics` alone on a port of its own (meant for a private network: no token), closed by `close`. */
export async function serveMetrics(registry: Registry, port: number): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(body),
      () => response.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve());
  });
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}
