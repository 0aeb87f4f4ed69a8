import type { FastifyInstance } from 'fastify';

/** What a draining instance stops, in order (server/main.ts gives its own). */
export interface DrainSteps {
  app: FastifyInstance;
  /** Hands job leases back (the job worker's stop: its current batch ends, its job is released for another instance). */
  stopBackground: () => Promise<void>;
  /** Closes the database pools and anything else left. */
  closeResources: () => Promise<void>;
  log: (line: string) => void;
}

export interface DrainTimings {
  drainSeconds: number;
  inFlightSeconds: number;
}

/**
 * Graceful drain (docs/operating.md, drain): readiness answers 503 at once and background work hands its job leases
 * back; new connections are still taken for `drainSeconds`, so the balancer sees the 503 and stops sending; then the
 * server stops listening, answers what is in flight (for at most `inFlightSeconds`, each answer asking the client to
 * reconnect elsewhere), and the resources close. `hurry()` (a second SIGTERM) skips what is left of the drain window.
 * Resolves to true when everything in flight finished.
 */
export function createDrain(steps: DrainSteps, timings: DrainTimings) {
  let hurry: () => void = () => {};
  let running: Promise<boolean> | null = null;

  async function run(): Promise<boolean> {
    const started = performance.now();
    const since = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    steps.app.readiness.drain();
    const background = steps.stopBackground().catch((error: unknown) => steps.log(`drain: background: ${error}`));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timings.drainSeconds * 1000);
      hurry = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    steps.log(`drain: not listening any more after ${since()}; finishing the requests in flight`);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      steps.app.close().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timings.inFlightSeconds * 1000);
      }),
    ]);
    clearTimeout(timer);
    await background;
    await steps.closeResources();
    steps.log(
      finished
        ? `drain: done in ${since()}`
        : `drain: requests still in flight after ${timings.inFlightSeconds} s were cut off (${since()})`,
    );
    return finished;
  }

  return {
    /** Starts draining (once); the second call hurries it. */
    start(): Promise<boolean> {
      if (running) {
        hurry();
        return running;
      }
      running = run();
      return running;
    },
  };
}
