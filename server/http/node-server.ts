import { createServer } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { ServerTimeouts } from '../config';

/**
 * The Node HTTP server Fastify listens on, built here (Fastify's `serverFactory`) because Node checks request and
 * header timeouts only every `connectionsCheckingInterval` (30 s by default): checked every second, a request whose
 * headers and body have not arrived within `requestMs` gets 408 and its connection is closed, whether it trickles a
 * byte a second or sends nothing. Idle sockets close after `idleMs`, idle keep-alive connections after `keepAliveMs`.
 */
export function nodeServerFactory(timeouts: ServerTimeouts): FastifyServerFactory {
  return (handler) => {
    const server = createServer(
      {
        requestTimeout: timeouts.requestMs,
        headersTimeout: timeouts.requestMs,
        keepAliveTimeout: timeouts.keepAliveMs,
        connectionsCheckingInterval: Math.min(1000, timeouts.requestMs),
      },
      handler,
    );
    server.timeout = timeouts.idleMs;
    return server;
  };
}
