import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifyAccessToken } from '../auth/tokens';
import type { AnonymousRate } from '../config';
import type { Database } from '../db/client';
import { bearerOf } from './caller';
import { fail } from './errors';

/** Buckets untouched for this long are full again whatever the rate: forgotten by `prune`. */
const forgetAfterMs = 60 * 60_000;

/**
 * One token bucket per client address, in PostgreSQL so that every instance behind the balancer counts the same calls:
 * `burst` calls at once, refilled at `perMinute`. One statement per call (an upsert that refills, takes a token when
 * there is one, and says whether it did); the time is this process's clock, passed in, so tests can move it.
 */
export class AddressBuckets {
  constructor(
    private readonly db: Database,
    private readonly rate: AnonymousRate,
    private readonly now: () => number = Date.now,
  ) {}

  private waitFor(tokens: number): number {
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil(((1 - tokens) * 60) / this.rate.perMinute));
  }

  private at(): SQL {
    return sql`to_timestamp(${this.now() / 1000}::float8)`;
  }

  /** Seconds until the address has a call left (0: it has one now). Remembers nothing about an unseen address. */
  async waitSeconds(address: string): Promise<number> {
    const result = await this.db.execute<{ tokens: number }>(sql`
      select least(${this.rate.burst}::float8, tokens
        + greatest(0, extract(epoch from ${this.at()} - updated_at)) / 60 * ${this.rate.perMinute}::float8) as tokens
      from anonymous_rate_buckets where address = ${address}`);
    const row = result.rows[0];
    return row ? this.waitFor(Number(row.tokens)) : 0;
  }

  /** Uses one call of the address; returns what `waitSeconds` returned before (0: it was allowed). */
  async take(address: string): Promise<number> {
    const refilled = sql`least(${this.rate.burst}::float8, b.tokens
      + greatest(0, extract(epoch from excluded.updated_at - b.updated_at)) / 60 * ${this.rate.perMinute}::float8)`;
    const result = await this.db.execute<{ tokens: number; granted: boolean }>(sql`
      insert into anonymous_rate_buckets as b (address, tokens, granted, updated_at)
      values (${address}, ${this.rate.burst}::float8 - 1, true, ${this.at()})
      on conflict (address) do update set
        tokens = case when ${refilled} >= 1 then ${refilled} - 1 else ${refilled} end,
        granted = ${refilled} >= 1,
        updated_at = greatest(b.updated_at, excluded.updated_at)
      returning tokens, granted`);
    const row = result.rows[0];
    if (!row || row.granted) return 0;
    return this.waitFor(Number(row.tokens));
  }

  /** Forgets buckets idle long enough to be full again. */
  async prune(): Promise<void> {
    await this.db.execute(
      sql`delete from anonymous_rate_buckets where updated_at < ${this.at()} - make_interval(secs => ${forgetAfterMs / 1000})`,
    );
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
 * Rate-limits calls made before a caller is known, per address (docs/api.md, rate of anonymous calls): sign-in, refresh and sign-out
 * each use a call of the address's bucket, and so does every answer 401. While the bucket is empty, those calls and
 * any call without a valid access token answer 429 with Retry-After; callers with a valid access token are not slowed.
 */
export function limitAnonymousCalls(
  app: FastifyInstance,
  db: Database,
  rate: AnonymousRate,
  jwtSecret: string,
): AddressBuckets {
  const buckets = new AddressBuckets(db, rate);
  app.addHook('onRequest', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint) return;
    if (endpoint.auth !== 'access') {
      const wait = await buckets.take(request.ip);
      if (wait > 0) return refuse(reply, wait);
      return;
    }
    // A valid access token is checked first (no database): staff at work never wait on the bucket's query.
    if (await hasValidAccessToken(request, jwtSecret)) return;
    const wait = await buckets.waitSeconds(request.ip);
    if (wait > 0) return refuse(reply, wait);
  });
  app.addHook('onResponse', async (request, reply) => {
    const endpoint = request.routeOptions.config.endpoint;
    if (endpoint?.auth === 'access' && reply.statusCode === 401) {
      await buckets.take(request.ip).catch((error: unknown) => request.log.error({ err: error }, 'rate bucket'));
    }
  });
  let pruning: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    pruning = setInterval(() => void buckets.prune().catch(() => {}), 10 * 60_000);
    pruning.unref();
  });
  app.addHook('onClose', async () => {
    if (pruning) clearInterval(pruning);
  });
  return buckets;
}
