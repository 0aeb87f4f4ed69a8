import { useEffect, useState } from 'react';
import { api } from '../../domain/api';
import { customerEmailSchema } from '../../domain/user-details';
import { call } from '../../src/http';

/** Where the e-mail availability check stands. */
export type EmailCheck = 'unchanged' | 'invalid' | 'checking' | 'free' | 'taken' | 'unknown';

/** How long typing must pause before the e-mail is checked, in ms. */
export const emailCheckDelay = 300;

/**
 * Checks, as the person types (debounced), whether an e-mail is free for this customer with
 * `GET users/validate_email/:email`; their own current e-mail needs no check. A newer keystroke cancels the last check.
 */
export function useEmailCheck(userId: number, savedEmail: string, typed: string): EmailCheck {
  const email = typed.trim().toLowerCase();
  const unchanged = email === savedEmail.toLowerCase();
  const valid = customerEmailSchema.safeParse(email).success;
  const [state, setState] = useState<{ email: string; check: EmailCheck }>({ email: '', check: 'unchanged' });
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
        (error: { code?: string }) => {
          if (error.code !== 'cancel_request') setState({ email, check: 'unknown' });
        },
      );
    }, emailCheckDelay);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [email, unchanged, valid, userId]);
  if (unchanged) return 'unchanged';
  if (!valid) return 'invalid';
  return state.email === email ? state.check : 'checking';
}
