import { pathOf } from '../../domain/call-address';
import type { AnswerOf } from '../../domain/endpoint';
import { session, storeTokens } from '../session/store';
import { sessionEndedError } from './api-error';
import { authCalls } from './auth-calls';
import { endSession } from './end-session';
import { headersFor, transport } from './transport';

let inFlight: Promise<string> | null = null;

async function exchangeRefreshToken(): Promise<string> {
  const refreshToken = session.refreshToken;
  if (!refreshToken) {
    endSession();
    throw sessionEndedError();
  }
  try {
    const answer = await transport<AnswerOf<typeof authCalls.refresh>>(pathOf(authCalls.refresh), {
      method: 'POST',
      headers: headersFor(authCalls.refresh, refreshToken),
    });
    const accessToken = answer?.data?.access_token;
    if (typeof accessToken !== 'string' || !accessToken) throw new Error('The refresh answer has no access token');
    storeTokens(accessToken, answer.data.refresh_token, answer.data.user_role);
    return accessToken;
  } catch {
    endSession();
    throw sessionEndedError();
  }
}

/**
 * A new access token from the refresh token. Single flight: however many requests find their token expired at
 * once, one refresh call is made and all of them await it. A failed refresh ends the session (→ /login).
 */
export function refreshSession(): Promise<string> {
  inFlight ??= exchangeRefreshToken().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
