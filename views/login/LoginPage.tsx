import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { loginBody } from '../../domain/auth';
import { authCalls } from '../../src/http/auth-calls';
import { call } from '../../src/http/call';
import { safeNext } from '../../src/routing/guard';
import { currentEnvironment } from '../../src/routing/use-document-title';
import { isLoggedIn, signIn, useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { Kbd } from '../../src/ui/Kbd';
import { ThemeToggle } from '../../src/ui/ThemeToggle';
import { loginFailureField, loginFailureMessage } from './login-failure';

type Field = 'email' | 'password';

const labels: Record<Field, string> = { email: 'E-mail', password: 'Password' };

const environmentNote = {
  local: 'development',
  staging: 'staging',
  production: null,
  unknown: 'unknown mode',
} as const;

const inputClass =
  'h-8 w-full rounded-md border border-control bg-canvas px-2 text-sm text-fg placeholder:text-faint hover:border-muted aria-invalid:border-danger';

/** Sign in with e-mail and password, then go where the person wanted (`?next=`, same-origin paths only). */
export default function LoginPage() {
  const current = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const next = safeNext(new URLSearchParams(search).get('next'));
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const id = useId();
  const emailInput = refs.email;
  useEffect(() => emailInput.current?.focus(), [emailInput]);

  if (isLoggedIn(current) && !busy) return <Redirect to={next} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = loginBody.safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= `${labels[field]} ${issue.message}`;
      }
      setFieldErrors(errors);
      setFailure(null);
      refs[errors.email ? 'email' : 'password'].current?.focus();
      return;
    }
    setFieldErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const answer = await call(authCalls.login, { body: parsed.data }, { silent: true });
      signIn(answer);
      navigate(next, { replace: true });
    } catch (error) {
      setBusy(false);
      const field = loginFailureField(error);
      if (field) {
        // A refusal that names an input (400 with `field`) goes under it, like the form's own checks.
        setFieldErrors({ [field]: loginFailureMessage(error) });
        refs[field].current?.focus();
        return;
      }
      setFailure(loginFailureMessage(error));
      refs.password.current?.select();
    }
  }

  const note = environmentNote[currentEnvironment];
  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-fg">
      <div className="flex justify-end p-3">
        <ThemeToggle />
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pt-[12vh]">
        <form
          noValidate
          onSubmit={submit}
          aria-describedby={failure ? `${id}-failure` : undefined}
          className="w-full max-w-[340px] rounded-lg border border-line bg-panel p-6 shadow-xl shadow-black/10"
        >
          <div className="mb-5 flex items-center gap-2">
            <span className="flex size-6 items-center justify-center rounded bg-accent text-xs font-semibold text-on-accent">
              L
            </span>
            <h1 className="text-base font-semibold">Sign in to Loupe</h1>
            {note ? <span className="ml-auto text-[11px] text-muted">{note}</span> : null}
          </div>
          {failure ? (
            <p
              id={`${id}-failure`}
              role="alert"
              className="mb-4 rounded-md border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-danger"
            >
              {failure}
            </p>
          ) : null}
          {(['email', 'password'] as const).map((field) => (
            <div key={field} className="mb-3">
              <label htmlFor={`${id}-${field}`} className="mb-1 block text-xs font-medium text-muted">
                {labels[field]}
              </label>
              <input
                ref={refs[field]}
                id={`${id}-${field}`}
                name={field}
                type={field === 'email' ? 'email' : 'password'}
                autoComplete={field === 'email' ? 'username' : 'current-password'}
                spellCheck={false}
                value={values[field]}
                onChange={(event) => setValues((before) => ({ ...before, [field]: event.target.value }))}
                aria-invalid={fieldErrors[field] ? true : undefined}
                aria-describedby={fieldErrors[field] ? `${id}-${field}-error` : undefined}
                className={inputClass}
              />
              {fieldErrors[field] ? (
                <p id={`${id}-${field}-error`} className="mt-1 text-xs text-danger">
                  {fieldErrors[field]}
                </p>
              ) : null}
            </div>
          ))}
          <Button
            type="submit"
            variant="primary"
            busy={busy}
            className="relative mt-2 w-full"
            hint={busy ? null : <Kbd className="absolute right-2 border-transparent bg-black/15 text-current">↵</Kbd>}
          >
            {busy ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
      </main>
    </div>
  );
}
