import { useEffect, useState } from 'react';
import { api } from '../../domain/api';
import { customerEmailSchema } from '../../domain/user-details';
import { call } from '../../src/http';
import { fieldMessage } from './details-form';

/**
 * Where the e-mail availability check stands: `refused` when the server answered the check with a 4xx and a reason
 * (shown under the field), `unknown` when it could not answer (the save checks again).
 */
export type EmailCheck = 'unchanged' | 'invalid' | 'checking' | 'free' | 'taken' | 'refused' | 'unknown';

/** The check and, when `refused`, the server's reason. */
export interface EmailCheckState {
  check: EmailCheck;
  reason?: string;
}

/** How long typing must pause before the e-mail is checked, in ms. */
export const emailCheckDelay = 300;

/**
 * Checks, as the person types (debounced), whether an e-mail is free for this customer with
 * `GET users/validate_email/:email`; their own current e-mail needs no check. A newer keystroke cancels the last check.
 */
export function useEmailCheck(userId: number, savedEmail: string, typed: string): EmailCheckState {
  const email = typed.trim().toLowerCase();
  const unchanged = email === savedEmail.toLowerCase();
  const valid = customerEmailSchema.safeParse(email).success;
  const [state, setState] = useState<{ email: string } & EmailCheckState>({ email: '', check: 'unchanged' });
  useEffect(() => {
    if (unchanged || !valid) return;
    const controller = new AbortController();
    setState({ email, check: 'checking' });
    const timer = setTimeout(() => {
      call(
        api.userDetails.validateEmail,
        { params: { user_email: email }, query: { user_id: userId } },
        { signal: controller.signal, silent: true },
      ).then(
        (answer) => setState({ email, check: answer.data.is_user_email_available ? 'free' : 'taken' }),
        (error: { code?: string; status?: number; message?: string }) => {
          if (error.code === 'cancel_request') return;
          const status = error.status ?? 0;
          const refused = status >= 400 && status < 500 && status !== 401 && status !== 429 && error.message;
          setState(
            refused
              ? { email, check: 'refused', reason: fieldMessage(error.message ?? '') }
              : { email, check: 'unknown' },
          );
        },
      );
    }, emailCheckDelay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email, unchanged, valid, userId]);
  if (unchanged) return { check: 'unchanged' };
  if (!valid) return { check: 'invalid' };
  return state.email === email ? { check: state.check, reason: state.reason } : { check: 'checking' };
}
