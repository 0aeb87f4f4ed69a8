import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { migrationsFolder } from '../db/migrate';

/** Why an instance is not ready; `/readyz` answers them in this order. */
export type NotReadyReason = 'draining' | 'database_unreachable' | 'migrations_pending' | 'starting';

/** What `/readyz` answers: ready, or the reasons it is not. */
export interface ReadinessState {
  ready: boolean;
  reasons: NotReadyReason[];
  /** When the database was last checked (ms since the epoch; 0: never). */
  checkedAt: number;
}

/** The newest migration this build ships (drizzle-kit's journal `when`, which the migrator records as `created_at`). */
export function headMigrationMillis(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

export interface ReadinessOptions {
  /** How often the database is checked in the background. Default 1 s. */
  intervalMs?: number;
  /** A check that takes longer counts as unreachable. Default 1 s. */
  timeoutMs?: number;
}

/**
 * Readiness for the balancer (docs/operating.md): checked in the background every second — one query that both
 * reaches the database and reads the newest applied migration — so `/readyz` answers from memory in microseconds and a
 * balancer polling every instance never loads PostgreSQL. A database whose migrations are *ahead* of this build (the
 * expand step of a rolling deploy) is fine; one behind it (a migration still running) is not.
 */
export class Readiness {
  #draining = false;
  #databaseOk: boolean | null = null;
  #migrationsOk = false;
  #checkedAt = 0;
  #timer: NodeJS.Timeout | null = null;
  #checking: Promise<void> | null = null;
  readonly #head: number;
  readonly #intervalMs: number;
  readonly #timeoutMs: number;

  constructor(
    private readonly db: Database,
    options: ReadinessOptions = {},
  ) {
    this.#head = headMigrationMillis();
    this.#intervalMs = options.intervalMs ?? 1000;
    this.#timeoutMs = options.timeoutMs ?? 1000;
  }

  /** Checks now, then keeps checking in the background until `stop()`. */
  async start(): Promise<void> {
    await this.check();
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.check(), this.#intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** From now on not ready (SIGTERM): the balancer takes this instance out while it finishes what it has. */
  drain(): void {
    this.#draining = true;
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** One database check (a check still running is joined, not repeated). */
  check(): Promise<void> {
    this.#checking ??= this.#check().finally(() => {
      this.#checking = null;
    });
    return this.#checking;
  }

  async #check(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('readiness check timed out')), this.#timeoutMs);
    });
    try {
      const result = await Promise.race([
        this.db.execute<{ applied: string | number | null }>(
          sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
        ),
        timeout,
      ]);
      this.#databaseOk = true;
      this.#migrationsOk = Number(result.rows[0]?.applied ?? 0) >= this.#head;
    } catch {
      this.#databaseOk = false;
    } finally {
      clearTimeout(timer);
      this.#checkedAt = Date.now();
    }
  }

  state(): ReadinessState {
    const reasons: NotReadyReason[] = [];
    if (this.#draining) reasons.push('draining');
    if (this.#databaseOk === null) reasons.push('starting');
    else if (!this.#databaseOk) reasons.push('database_unreachable');
    else if (!this.#migrationsOk) reasons.push('migrations_pending');
    return { ready: reasons.length === 0, reasons, checkedAt: this.#checkedAt };
  }
}
