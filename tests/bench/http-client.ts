import { Agent, request } from 'node:http';

/**
 * The load generator's requests: node:http over keep-alive sockets. The bench client shares the server's two cores, and
 * `fetch` (undici's full Fetch machinery: streams, Headers, Response objects) spent about as much CPU per request as
 * the server's own answer, so a faster server could not show.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** Sends one request and reads the whole answer; resolves with its status. */
export function timedRequest(url: string, token: string, body?: unknown): Promise<number> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        agent,
        method: payload === undefined ? 'GET' : 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (incoming) => {
        incoming.on('data', () => {});
        incoming.on('end', () => resolve(incoming.statusCode ?? 0));
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
