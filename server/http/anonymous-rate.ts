import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/tokens';
import type { AnonymousRate } from '../config';
import { bearerOf } from './caller';
import { fail } from './errors';

/** Above this many addresses, full buckets (idle addresses) are forgotten. */
const maxTrackedAddresses = 10_000;

/**
 * One token bucket per client address, in this process's memory: `burst` calls at once, refilled at `perMinute`.
 * (Several processes each keep their own: a deployment of N processes allows N times the rate.)
 */
export class AddressBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: AnonymousRate,
    private readonly now: () => number = Date.now,
  ) {}

  private refilled(address: string): { tokens: number; at: number } {
    const now = this.now();
    const bucket = this.buckets.get(address) ?? { tokens: this.rate.burst, at: now };
    const refill = ((now - bucket.at) / 60_000) * this.rate.perMinute;
    const current = { tokens: Math.min(this.rate.burst, bucket.tokens + refill), at: now };
    this.buckets.set(address, current);
    return current;
  }

  private waitFor(tokens: number): number {
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil(((1 - tokens) * 60) / this.rate.perMinute));
  }

  /** Seconds until the address has a call left (0: it has one now). Remembers nothing about an unseen address. */
  waitSeconds(address: string): number {
    return this.buckets.has(address) ? this.waitFor(this.refilled(address).tokens) : 0;
  }

  /** Uses one call of the address; returns what `waitSeconds` returned before (0: it was allowed). */
  take(address: string): number {
    const bucket = this.refilled(address);
    const wait = this.waitFor(bucket.tokens);
    if (wait === 0) bucket.tokens -= 1;
    if (this.buckets.size > maxTrackedAddresses) this.forgetFull();
    return wait;
  }

  private forgetFull(): void {
    for (const address of [...this.buckets.keys()]) {
      if (this.refilled(address).tokens >= this.rate.burst) this.buckets.delete(address);
    }
  }
}

function refuse(reply: FastifyReply, wait: number): FastifyReply {
  const error = fail('rate_limited', { headers: { 'Retry-After': String(wait) } });
  // Answered here rather than thrown: a refused call is neither audited nor logged (that is what it protects).
  return reply.code(error.status).headers(error.headers).send(error.toAnswer());
}

async function hasValidAccessToken(request: FastifyRequest, secret: string): Promise<boolean> {
  const token = bearerOf(request);
  if (!token) return false;
  return verifyAccessToken(token, secret).then(
    () => true,
    () => false,
  );
}

/**
 * Rate-limits calls made before a caller is known, per address (README "Rate limits"): sign-in, refresh and sign-out
 * each use a call of the address's bucket, and so does every answer 401. While the bucket is empty, those calls and
 * any call without a valid access token answer 429 with Retry-After; callers with a valid access token are not slowed.
 */
export function limitAnonymousCalls(app: FastifyInstance, rate: AnonymousRate, jwtSecret: string): AddressBuckets {
  const buckets = new AddressBuckets(rate);
  app.addHook('onRequest', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint) return;
    if (endpoint.auth !== 'access') {
      const wait = buckets.take(request.ip);
      if (wait > 0) return refuse(reply, wait);
      return;
    }
    const wait = buckets.waitSeconds(request.ip);
    if (wait > 0 && !(await hasValidAccessToken(request, jwtSecret))) return refuse(reply, wait);
  });
  app.addHook('onResponse', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint?.auth === 'access' && reply.statusCode === 401) buckets.take(request.ip);
  });
  return buckets;
}
