import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { jobs } from '../db/schema';
import type { FileStore } from '../files/store';
import type { RegisteredHandler } from '../http/register';
import type { PaymentGateway } from '../payments/gateway';

/** A job as its handler sees it. */
export type Job<P = unknown> = Omit<typeof jobs.$inferSelect, 'payload'> & { payload: P };

/** What the process that runs the worker gives every item's run (set where the worker starts: server/main.ts). */
export interface JobServices {
  config: AppConfig;
  /** The server's call handlers (server/calls.ts), for jobs that run a catalogue call per item. */
  handlers: readonly RegisteredHandler[];
  /** Where banner images are kept, for the handlers' context. */
  files: FileStore;
  /** The payment provider, for jobs that charge cards (contract billing). */
  gateway?: PaymentGateway;
}

/** One item of a job, as its handler runs it. */
export interface JobItem {
  key: string;
  ordinal: number;
  /** 1 on the first run, 2 on the first retry of a failed item… */
  attempt: number;
}

/**
 * What running an item came to. A thrown error makes it `failed` with its writes rolled back; an item may also answer
 * `failed` itself to keep what it wrote (e.g. the audit row of a refused attempt).
 */
export interface ItemOutcome {
  state: 'done' | 'skipped' | 'failed';
  /** A short code (`already_suspended`), for skipped and failed items: counted by in progress reports. */
  reason?: string;
  detail?: string;
  result?: unknown;
}

/** Why an item failed, from the error its run threw. */
export interface ItemFailure {
  reason: string;
  detail: string;
}

/** What the worker calls for a kind of job. */
export interface JobKind<P = unknown, B = unknown> {
  /** Items per batch (one transaction), or per job (e.g. larger when the kind's fast path takes it). Default 100. */
  batchSize?: number | ((job: Job<P>) => number);
  /**
   * How long the worker rests after a batch that took `batchMs`, before the next (default 0): a kind whose batches
   * are heavy writes leaves the database and the process that share the machine with it room for requests meanwhile.
   */
  pauseAfterBatch?(batchMs: number): number;
  /**
   * How long a claim holds without a renewal, for this kind (at most the worker's): how soon another server takes the
   * job over once its server died. Every batch renews it; a batch that outlives it still cannot be run twice (its
   * transaction holds the job row, which a claim skips).
   */
  leaseSeconds?: number;
  /**
   * Fills the job's items (`addJobItems`, `addJobItemsFrom`) the first time a worker runs it, in one transaction, when
   * `enqueueJob` did not get them. The job's `total` is set from the items afterwards.
   */
  plan?(db: Database, job: Job<P>): Promise<void>;
  /**
   * Runs one item inside its batch's transaction (in a savepoint of its own): its writes commit with the item's new
   * state, so an item runs exactly once even when a server dies mid-batch. Throw to fail the item.
   */
  runItem?(context: {
    db: Database;
    job: Job<P>;
    item: JobItem;
    services: JobServices;
    batch: B;
  }): Promise<ItemOutcome>;
  /**
   * A set-based fast path: runs a whole batch's items at once, in a savepoint of the batch, and answers one outcome per
   * item in the order given, or null to run them one by one with `runItem`. Throwing rolls the savepoint back and the
   * batch's items then run one by one, so an item that fails alone still fails alone. Its writes must be those that
   * `runItem` would write for the same items (the worker treats the two as the same).
   */
  runBatch?(context: {
    db: Database;
    job: Job<P>;
    items: readonly JobItem[];
    services: JobServices;
    batch: B;
  }): Promise<ItemOutcome[] | null>;
  /**
   * Takes the batch's row locks before any item runs, in one order (e.g. the customers by id), so that two jobs over
   * the same rows wait for each other instead of deadlocking.
   */
  lockBatch?(db: Database, job: Job<P>, items: readonly JobItem[]): Promise<void>;
  /** Read once per batch, in its transaction, before its items (e.g. the staff member the items act as). */
  prepareBatch?(db: Database, job: Job<P>, services: JobServices): Promise<B>;
  /**
   * Instead of items: runs the whole job in the process's own transactions, for work that calls a system outside the
   * database (a payment provider must never be called inside a transaction). It keeps its own exactly-once state,
   * calls `renew` between steps to keep the lease (it throws when the lease was lost), and returns when done.
   */
  runWhole?(context: { db: Database; job: Job<P>; services: JobServices; renew: () => Promise<void> }): Promise<void>;
  /** The reason code and words of an item's failure. Default: the error's `code` (or `error`) and message. */
  failureOf?(error: unknown): ItemFailure;
}

const kinds = new Map<string, JobKind<never, never>>();

/** Registers the handler of a kind of job (once per process, at import time of the module that owns the kind). */
export function registerJobKind<P, B = undefined>(kind: string, handler: JobKind<P, B>): void {
  if (!/^[a-z][a-z0-9_]*$/.test(kind)) throw new Error(`job kind ${kind}: lower-case letters, digits and _ only`);
  if (kinds.has(kind) && kinds.get(kind) !== (handler as unknown as JobKind<never, never>)) {
    throw new Error(`job kind ${kind}: registered twice`);
  }
  kinds.set(kind, handler as unknown as JobKind<never, never>);
}

export function jobKindOf(kind: string): JobKind<unknown, unknown> | undefined {
  return kinds.get(kind) as JobKind<unknown, unknown> | undefined;
}

/** The kinds this process can run. */
export function registeredJobKinds(): string[] {
  return [...kinds.keys()];
}

/** The default failure of an item: an API error's code and message, otherwise `internal_error`. */
export function defaultFailureOf(error: unknown): ItemFailure {
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (typeof code === 'string' && /^[a-z_]+$/.test(code)) return { reason: code, detail: message.slice(0, 500) };
  return { reason: 'internal_error', detail: 'The item failed unexpectedly (see the server log)' };
}
