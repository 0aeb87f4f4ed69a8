import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SmtpInbox, startSmtpInbox } from '../server/support/smtp-inbox';

/** One captured e-mail, as the tests read it. */
export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/** Where the e2e server on `port` writes the e-mails it delivered (one JSON line each). */
export function mailCapturePath(port: string | number): string {
  return join(tmpdir(), `loupe-e2e-mail-${port}.jsonl`);
}

/** Starts an SMTP inbox that appends every message to `path` (emptied first). */
export async function captureMail(path: string): Promise<SmtpInbox> {
  rmSync(path, { force: true });
  return startSmtpInbox((message) => {
    const to = [message.to ?? []].flat().flatMap((address) => address.value.map((entry) => entry.address ?? ''));
    for (const recipient of to) {
      const mail: CapturedMail = {
        to: recipient.toLowerCase(),
        subject: message.subject ?? '',
        text: message.text ?? '',
      };
      appendFileSync(path, `${JSON.stringify(mail)}\n`);
    }
  });
}

/** The e-mails delivered to `address` so far by the server on `port`, oldest first. */
export function capturedMailTo(port: string | number, address: string): CapturedMail[] {
  const path = mailCapturePath(port);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail)
    .filter((mail) => mail.to === address.toLowerCase());
}
