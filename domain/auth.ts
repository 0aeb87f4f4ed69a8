import { z } from 'zod';
import { defineArea, post } from './endpoint';
import { roles } from './roles';

export const loginBody = z
  .object({
    email: z.string().trim().toLowerCase().email('must be an e-mail address').max(254),
    password: z.string().min(1, 'is required').max(1024),
  })
  .strict();

export const loginAnswer = z.object({
  user_id: z.number().int(),
  user_role: z.enum(roles),
  first_name: z.string(),
  last_name: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
});
export type LoginAnswer = z.infer<typeof loginAnswer>;

/** `data.access_token` as the spec reads it; `data.refresh_token` is the rotated refresh token to keep instead. */
export const refreshAnswer = z.object({
  /** `user_role`: the role now (an admin may have changed it since sign-in): the console's areas follow it. */
  data: z.object({ access_token: z.string(), refresh_token: z.string(), user_role: z.enum(roles) }),
});

export const auth = defineArea('auth', {
  login: post('auth/login', {
    summary: 'Sign in with e-mail and password',
    permission: null,
    auth: 'none',
    body: loginBody,
    answer: loginAnswer,
  }),
  refresh: post('auth/refresh', {
    summary: 'Exchange the refresh token (bearer) for a new access token and a rotated refresh token',
    permission: null,
    auth: 'refresh',
    answer: refreshAnswer,
  }),
  logout: post('auth/logout', {
    summary: 'End the session: revokes the refresh token (bearer) and its whole family',
    permission: null,
    auth: 'refresh',
    answer: z.object({ ok: z.literal(true) }),
  }),
});

/** Names of the cross-site request token cookie and header (console-spec §7). */
export { idempotencyHeader, xsrfCookie, xsrfHeader } from './call-address';
