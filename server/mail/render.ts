/** An attachment as the outbox payload keeps it (base64, so the row is plain JSON). */
export interface StoredAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}

/** An outbox row made into a message: what an SMTP server is handed. */
export interface RenderedEmail {
  subject: string;
  text: string;
  /** The same body as HTML: escaped text, links made links. No scripts, no remote images, no styles from outside. */
  html: string;
  cc: string[];
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

const fixedSubjects: Record<string, string> = {
  RESET_PASSWORD: 'Reset your password',
  EMAIL_CHANGED: 'Your e-mail address was changed',
};

function textOf(payload: Record<string, unknown>, key: string): string | null {
  const value = payload[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The subject line of a template filled with its payload: the payload's own subject wins. */
export function subjectOf(template: string, payload: Record<string, unknown>): string {
  const own = textOf(payload, 'subject');
  if (own) return own;
  if (template === 'PAYMENT_LINK') return `Your payment link: ${textOf(payload, 'label') ?? 'payment'}`;
  return fixedSubjects[template] ?? template.charAt(0) + template.slice(1).toLowerCase().replaceAll('_', ' ');
}

function bodyLines(template: string, payload: Record<string, unknown>): string[] {
  const line = (label: string, key: string) => {
    const value = textOf(payload, key);
    return value ? [`${label}${value}`] : [];
  };
  switch (template) {
    case 'RESET_PASSWORD':
      return ['Someone asked to reset the password of your account. Choose a new one here:', ...line('', 'reset_url')];
    case 'PAYMENT_LINK':
      return [`${textOf(payload, 'label') ?? 'Your payment link'}:`, ...line('', 'url')];
    case 'EMAIL_CHANGED':
      return ['The e-mail address of your account was changed.', ...line('New address: ', 'new_email')];
    case 'INVOICE':
      return [`Your invoice ${textOf(payload, 'invoice_number') ?? ''} is attached.`, ...line('Total: ', 'total')];
    default:
      return [...line('', 'note')];
  }
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/** The plain-text body as a small HTML document: each paragraph a `<p>`, each http(s) address a link. */
export function htmlOf(subject: string, text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replace(/https?:\/\/[^\s<&]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replaceAll('\n', '<br>'),
    )
    .map((paragraph) => `<p>${paragraph}</p>`)
    .join('\n');
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${paragraphs}\n</body></html>\n`;
}

/** The message of an outbox row: subject, a plain-text body, the cc addresses and the attachments. */
export function renderEmail(row: { template: string; subject: string; payload: unknown }): RenderedEmail {
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  const greeting = textOf(payload, 'first_name');
  const from = textOf(payload, 'from');
  const text = [
    greeting ? `Hello ${greeting},` : 'Hello,',
    '',
    ...bodyLines(row.template, payload),
    '',
    from ? `${from}, for the Loupe team` : 'The Loupe team',
  ].join('\n');
  const cc = Array.isArray(payload.cc) ? payload.cc.filter((entry): entry is string => typeof entry === 'string') : [];
  const stored = Array.isArray(payload.attachments) ? (payload.attachments as StoredAttachment[]) : [];
  const subject = row.subject || subjectOf(row.template, payload);
  return {
    subject,
    text,
    html: htmlOf(subject, text),
    cc,
    attachments: stored.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.content_type,
      content: Buffer.from(attachment.content_base64, 'base64'),
    })),
  };
}
