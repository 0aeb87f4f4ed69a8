import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP refusal: the reply code and text the server answers with. */
export interface SmtpRefusal {
  code: number;
  message: string;
}

/** A real SMTP server on 127.0.0.1 (smtp-server), keeping what it accepts, parsed (mailparser). */
export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** The messages accepted so far, in order. */
  messages: ParsedMail[];
  /** How many times a message was offered (accepted or refused). */
  offered: number;
  /** Decide per offer (1-based) whether to refuse it; null accepts. */
  refuse: (offer: number) => SmtpRefusal | null;
  close(): Promise<void>;
}

function refusal({ code, message }: SmtpRefusal): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** Starts the inbox on a free port; plain SMTP (no STARTTLS offered), no authentication needed; `onMessage` sees each. */
export async function startSmtpInbox(onMessage?: (message: ParsedMail) => void): Promise<SmtpInbox> {
  const inbox: SmtpInbox = {
    url: '',
    messages: [],
    offered: 0,
    refuse: () => null,
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      inbox.offered += 1;
      const refused = inbox.refuse(inbox.offered);
      if (refused) {
        stream.resume();
        stream.on('end', () => callback(refusal(refused)));
        return;
      }
      simpleParser(stream)
        .then((message) => {
          inbox.messages.push(message);
          onMessage?.(message);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  inbox.url = `smtp://127.0.0.1:${port}`;
  inbox.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return inbox;
}
