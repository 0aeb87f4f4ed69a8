import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../domain/api';
import { staffPasswordMin } from '../../domain/staff';
import { call } from '../../src/http/call';
import { Button } from '../../src/ui/Button';
import { ThemeToggle } from '../../src/ui/ThemeToggle';

const inputClass =
  'h-8 w-full rounded-md border border-control bg-canvas px-2 text-sm text-fg placeholder:text-faint hover:border-muted aria-invalid:border-danger';

/** The token of the invitation link (`/set-password#token=…`), read once and taken out of the address. */
function useInvitationToken(): string {
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  return token;
}

/**
 * Where an invitation link leads (outside the shell, like sign-in): choose a password of at least 12 characters that
 * is not a common one (no composition rules), typed twice; then sign in.
 */
export default function SetPasswordPage() {
  const token = useInvitationToken();
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<{ field: 'password' | 'repeat' | null; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => first.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password.length < staffPasswordMin) {
      setError({ field: 'password', text: `Use at least ${staffPasswordMin} characters (a few words work well).` });
      return;
    }
    if (password !== repeat) {
      setError({ field: 'repeat', text: 'The two passwords are not the same.' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await call(api.staffAccounts.setPassword, { body: { token, password } }, { silent: true });
      setDone(answer.email);
    } catch (failure) {
      const { message, field } = failure as { message?: string; field?: string };
      setError({ field: field === 'password' ? 'password' : null, text: message ?? 'The password could not be set' });
    } finally {
      setBusy(false);
    }
  }

  const describe = (field: 'password' | 'repeat') => (error?.field === field ? `${id}-${field}-error` : undefined);
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-fg">
      <div className="flex justify-end p-3">
        <ThemeToggle />
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pt-[12vh]">
        {done ? (
          <section className="w-full max-w-[380px] rounded-lg border border-line bg-panel p-6" aria-live="polite">
            <h1 className="mb-2 text-base font-semibold">Your password is set</h1>
            <p className="mb-4 text-sm text-muted">Sign in as {done}.</p>
            <Link href="/login" className="text-sm text-accent underline">
              Sign in
            </Link>
          </section>
        ) : (
          <form
            noValidate
            onSubmit={submit}
            className="w-full max-w-[380px] rounded-lg border border-line bg-panel p-6 shadow-xl shadow-black/10"
          >
            <h1 className="mb-1 text-base font-semibold">Choose your Loupe password</h1>
            <p className="mb-4 text-xs text-muted">
              At least {staffPasswordMin} characters and not a common password; any letters, digits or spaces.
            </p>
            {!token ? (
              <p role="alert" className="mb-4 rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
                This link is incomplete: open the whole link from the invitation e-mail.
              </p>
            ) : null}
            {error && error.field === null ? (
              <p role="alert" className="mb-4 rounded-md bg-danger-soft px-3 py-2 text-sm text-danger">
                {error.text}
              </p>
            ) : null}
            <div className="mb-3">
              <label htmlFor={`${id}-password`} className="mb-1 block text-xs font-medium text-muted">
                New password
              </label>
              <input
                ref={first}
                id={`${id}-password`}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error?.field === 'password' ? true : undefined}
                aria-describedby={describe('password')}
                className={inputClass}
              />
              {error?.field === 'password' ? (
                <p id={`${id}-password-error`} className="mt-1 text-xs text-danger">
                  {error.text}
                </p>
              ) : null}
            </div>
            <div className="mb-3">
              <label htmlFor={`${id}-repeat`} className="mb-1 block text-xs font-medium text-muted">
                The same again
              </label>
              <input
                id={`${id}-repeat`}
                type="password"
                autoComplete="new-password"
                value={repeat}
                onChange={(event) => setRepeat(event.target.value)}
                aria-invalid={error?.field === 'repeat' ? true : undefined}
                aria-describedby={describe('repeat')}
                className={inputClass}
              />
              {error?.field === 'repeat' ? (
                <p id={`${id}-repeat-error`} className="mt-1 text-xs text-danger">
                  {error.text}
                </p>
              ) : null}
            </div>
            <Button type="submit" variant="primary" busy={busy} disabled={!token} className="mt-2 w-full">
              Set password
            </Button>
          </form>
        )}
      </main>
    </div>
  );
}
