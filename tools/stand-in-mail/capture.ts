import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpReceiver } from './smtp';

/** The mail capture's options. */
export interface MailCaptureOptions {
  /** 0: any free port. */
  smtpPort: number;
  httpPort: number;
  /** The newest messages kept (older ones are forgotten; the demo's memory stays bounded). */
  keep: number;
  log?: (line: string) => void;
}

/** A running mail capture. */
export interface MailCapture {
  /** Where to deliver: `smtp://127.0.0.1:<port>` (SMTP_URL). */
  smtpUrl: string;
  /** Where to read back: `http://127.0.0.1:<port>` (MAIL_CAPTURE_URL). */
  httpUrl: string;
  /** How many messages it holds. */
  size(): number;
  close(): Promise<void>;
}

/** A Message-ID without its angle brackets and surrounding space: `outbox-7@example.com`. */
export function bareMessageId(id: string): string {
  return id.trim().replace(/^<|>$/g, '');
}

function messageIdOf(raw: Buffer): string | null {
  // Headers end at the first empty line; a folded Message-ID continues on lines that start with white space.
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, end < 0 ? raw.length : end).toString('utf8');
  const match = /^message-id:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)/im.exec(head);
  return match?.[1] ? bareMessageId(match[1].replace(/\r?\n[ \t]+/g, ' ')) : null;
}

/**
 * A STAND-IN for a mailbox, for the demo (`npm start` without SMTP_URL) and the tests: a real SMTP server that
 * accepts every message, and an HTTP side that answers what it received, byte for byte, by Message-ID:
 * `GET /messages/<Message-ID without brackets, URL-encoded>` → `message/rfc822` (404 if not received or forgotten).
 * It delivers nothing onwards. Bound to 127.0.0.1 only: the messages are customers' e-mails.
 */
export async function startMailCapture(options: MailCaptureOptions): Promise<MailCapture> {
  const messages = new Map<string, Buffer>();
  const smtp = await startSmtpReceiver((raw) => {
    const id = messageIdOf(raw);
    if (!id) return { code: 550, message: 'A Message-ID header is required here' };
    messages.delete(id);
    messages.set(id, raw);
    while (messages.size > options.keep) messages.delete(messages.keys().next().value as string);
    options.log?.(`received ${id} (${raw.length} bytes)`);
    return null;
  }, options.smtpPort);
  const http = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://capture').pathname;
    const wanted = /^\/messages\/([^/]+)$/.exec(path)?.[1];
    if (request.method !== 'GET' || !wanted) {
      response.writeHead(request.method === 'GET' ? 404 : 405, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    let id: string;
    try {
      id = bareMessageId(decodeURIComponent(wanted));
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Bad message id');
      return;
    }
    const raw = messages.get(id);
    if (!raw) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such message');
      return;
    }
    response.writeHead(200, { 'content-type': 'message/rfc822', 'content-length': raw.length }).end(raw);
  });
  await new Promise<void>((resolve) => http.listen(options.httpPort, '127.0.0.1', () => resolve()));
  const { port } = http.address() as AddressInfo;
  return {
    smtpUrl: smtp.url,
    httpUrl: `http://127.0.0.1:${port}`,
    size: () => messages.size,
    close: async () => {
      await smtp.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
