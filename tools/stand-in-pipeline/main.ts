import { startStandIn } from './stand-in';

/**
 * `node --import tsx tools/stand-in-pipeline/main.ts`: the editing pipeline's STAND-IN as its own process (npm start
 * runs it beside a demo database). LOUPE_URL, PIPELINE_SECRET, STAND_IN_PORT (0: any), STAND_IN_STEP_MS (default
 * 5000). Prints `listening <url>` on its first line.
 */
async function main(): Promise<void> {
  const secret = process.env.PIPELINE_SECRET ?? '';
  const loupeUrl = process.env.LOUPE_URL ?? '';
  if (!secret || !loupeUrl) throw new Error('LOUPE_URL and PIPELINE_SECRET are required');
  const standIn = await startStandIn({
    loupeUrl,
    secret,
    port: Number(process.env.STAND_IN_PORT ?? 0),
    stepMs: Number(process.env.STAND_IN_STEP_MS ?? 5000),
    log: process.env.STAND_IN_QUIET ? undefined : (line) => console.log(`[pipeline stand-in] ${line}`),
  });
  console.log(`listening ${standIn.url}`);
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Ends with its parent (npm start): a stand-in left behind would hold its port.
  process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
