import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An SMTP refusal: the reply code and text the server answers with. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

/** A running SMTP receiver. */
export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on 127.0.0.1: plain SMTP (no STARTTLS offered), no authentication. Each message
 * offered is read whole and handed to `accept` as raw RFC 5322 bytes; a refusal it answers is the SMTP reply.
 * The demo's mail capture and the tests' inbox (tests/server/support/smtp-inbox.ts) both receive through it.
 */
export async function startSmtpReceiver(
  accept: (raw: Buffer) => SmtpRefusal | null | Promise<SmtpRefusal | null>,
  port = 0,
): Promise<SmtpReceiver> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // 25 MB, as common providers accept; a larger message is refused with 552.
    size: 25 * 1024 * 1024,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        Promise.resolve(accept(Buffer.concat(chunks)))
          .then((refusal) =>
            callback(refusal ? Object.assign(new Error(refusal.message), { responseCode: refusal.code }) : null),
          )
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
