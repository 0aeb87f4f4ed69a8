import { startMailCapture } from './capture';

/**
 * `node --import tsx tools/stand-in-mail/main.ts`: the mail capture as its own process (npm start runs it beside a
 * demo database when SMTP_URL is unset). MAIL_CAPTURE_SMTP_PORT and MAIL_CAPTURE_HTTP_PORT (0: any),
 * MAIL_CAPTURE_KEEP (default 5000 messages). Prints `listening <smtp url> <http url>` on its first line.
 */
async function main(): Promise<void> {
  const capture = await startMailCapture({
    smtpPort: Number(process.env.MAIL_CAPTURE_SMTP_PORT ?? 0),
    httpPort: Number(process.env.MAIL_CAPTURE_HTTP_PORT ?? 0),
    keep: Number(process.env.MAIL_CAPTURE_KEEP ?? 5000),
    log: process.env.STAND_IN_QUIET ? undefined : (line) => console.log(`[mail capture] ${line}`),
  });
  console.log(`listening ${capture.smtpUrl} ${capture.httpUrl}`);
  const stop = () => void capture.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Ends with its parent (npm start): a capture left behind would hold its ports.
  process.on('disconnect', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
