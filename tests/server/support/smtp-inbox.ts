import { type ParsedMail, simpleParser } from 'mailparser';
import { type SmtpRefusal, startSmtpReceiver } from '../../../tools/stand-in-mail/smtp';

export type { SmtpRefusal };

/** A real SMTP server on 127.0.0.1 (the mail stand-in's receiver), keeping what it accepts, parsed (mailparser). */
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

/** Starts the inbox on a free port; plain SMTP (no STARTTLS offered), no authentication needed; `onMessage` sees each. */
export async function startSmtpInbox(onMessage?: (message: ParsedMail) => void): Promise<SmtpInbox> {
  const inbox: SmtpInbox = {
    url: '',
    messages: [],
    offered: 0,
    refuse: () => null,
    close: async () => {},
  };
  const receiver = await startSmtpReceiver(async (raw) => {
    inbox.offered += 1;
    const refused = inbox.refuse(inbox.offered);
    if (refused) return refused;
    const message = await simpleParser(raw);
    inbox.messages.push(message);
    onMessage?.(message);
    return null;
  });
  inbox.url = receiver.url;
  inbox.close = receiver.close;
  return inbox;
}
