import { useEffect, useRef } from 'react';
import { navigateTo, userPath } from '../../commands/navigate';
import { api } from '../../domain/api';
import { type DeliveredEmail, emailStatusLabels } from '../../domain/outbox';
import { useCall } from '../../src/http';
import { Button } from '../../src/ui/Button';
import { Spinner } from '../../src/ui/Spinner';

/** Props of `EmailDialog`. */
export interface EmailDialogProps {
  emailId: number;
  /** The customer it went to: read through that customer's call (whoever may open them); unset: the outbox-wide call. */
  customerId?: number;
  /** The customer to offer opening (the outbox-wide list), if any. */
  openCustomerId?: number | null;
  onClose: () => void;
}

/**
 * The body's own policy on top of the console's (a srcdoc frame inherits it): nothing loads, nothing runs. The frame
 * is sandboxed without scripts or same-origin, so a message's HTML can neither script nor reach the console.
 */
const bodyPolicy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`;

function withBodyPolicy(html: string): string {
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => `${head}${bodyPolicy}`)
    : `<head>${bodyPolicy}</head>${html}`;
}

function download(attachment: DeliveredEmail['attachments'][number]): void {
  const bytes = Uint8Array.from(atob(attachment.content_base64), (character) => character.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: attachment.content_type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = attachment.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function sizeOf(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * One e-mail of the outbox as it was delivered (the mail capture's copy) or as Loupe composes it: subject, sender and
 * recipients, the HTML body in a sandboxed frame (the text body when there is none), the attachments to download.
 * A modal dialog: Escape closes it and focus returns to the table.
 */
export function EmailDialog({ emailId, customerId, openCustomerId, onClose }: EmailDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const wide = useCall(api.outbox.show, customerId === undefined ? { params: { email_id: emailId } } : null);
  const own = useCall(
    api.outbox.customerShow,
    customerId === undefined ? null : { params: { user_id: customerId, email_id: emailId } },
  );
  const { data, error } = customerId === undefined ? wide : own;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement as HTMLElement | null;
    element.showModal();
    element.addEventListener('close', onClose);
    return () => {
      element.removeEventListener('close', onClose);
      opener?.focus();
    };
  }, [onClose]);
  return (
    <dialog
      ref={dialog}
      aria-label={data ? `E-mail: ${data.subject}` : 'E-mail'}
      className="fixed top-[6vh] left-1/2 m-0 flex max-h-[88vh] w-[min(820px,94vw)] max-w-none -translate-x-1/2 flex-col gap-3 rounded-lg border border-line bg-panel p-4 text-fg shadow-2xl shadow-black/40 backdrop:bg-black/50"
    >
      {error ? (
        <p role="alert">{error.message}</p>
      ) : !data ? (
        <Spinner label="Loading the e-mail" />
      ) : (
        <>
          <header className="flex flex-col gap-1">
            <h2 className="font-semibold text-lg">{data.subject || '(no subject)'}</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-muted text-sm">
              <dt>From</dt>
              <dd>{data.from}</dd>
              <dt>To</dt>
              <dd>{data.to.join(', ')}</dd>
              {data.cc.length > 0 ? (
                <>
                  <dt>Cc</dt>
                  <dd>{data.cc.join(', ')}</dd>
                </>
              ) : null}
              <dt>Status</dt>
              <dd>
                {emailStatusLabels[data.status]} ·{' '}
                {data.source === 'CAPTURED'
                  ? 'as the mail capture received it'
                  : 'as Loupe composes it (the receiving server’s copy cannot be read back)'}
              </dd>
            </dl>
          </header>
          {data.html !== null ? (
            <iframe
              title="E-mail body"
              sandbox=""
              srcDoc={withBodyPolicy(data.html)}
              className="min-h-[240px] w-full flex-1 rounded border border-line bg-white"
            />
          ) : (
            <pre className="min-h-[160px] flex-1 overflow-auto whitespace-pre-wrap rounded border border-line p-3 text-sm">
              {data.text}
            </pre>
          )}
          {data.attachments.length > 0 ? (
            <section aria-label="Attachments" className="flex flex-wrap gap-2">
              {data.attachments.map((attachment) => (
                <Button
                  key={`${attachment.filename}-${attachment.content_base64.length}-${attachment.content_base64.slice(-16)}`}
                  onClick={() => download(attachment)}
                >
                  Download {attachment.filename} ({sizeOf(attachment.size)})
                </Button>
              ))}
            </section>
          ) : null}
        </>
      )}
      <footer className="flex justify-end gap-2">
        {openCustomerId != null ? (
          <Button variant="ghost" onClick={() => navigateTo(userPath(openCustomerId))}>
            Open the customer
          </Button>
        ) : null}
        <Button variant="primary" onClick={() => dialog.current?.close()} autoFocus>
          Close
        </Button>
      </footer>
    </dialog>
  );
}
