import { vi } from 'vitest';

/** One request the fake server saw. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The query string (`?page=2&sort=date`), empty without one. */
  search: string;
  headers: Headers;
  body: unknown;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

/**
 * A stand-in for the admin API behind a stubbed global `fetch`: access tokens are valid or expired, refresh
 * exchanges a valid refresh token for new ones, and routes can be overridden. Real ofetch runs against it.
 */
export class FakeApi {
  readonly requests: SeenRequest[] = [];
  readonly validAccess = new Set<string>(['access-1']);
  readonly expiredAccess = new Set<string>();
  readonly validRefresh = new Set<string>(['refresh-1']);
  refreshFails = false;
  /** The role a refresh answers (the server's role now: an admin may have changed it). */
  role = 'SUPPORT_MASTER';
  /** Milliseconds each answer takes; 0 answers without a timer (for tests on fake timers). */
  delay = 5;
  private generation = 1;
  private readonly routes = new Map<string, Handler>();

  /** Answers `METHOD /admin/path` with a handler instead of the default echo. */
  on(method: string, path: string, handler: Handler): this {
    this.routes.set(`${method} ${path}`, handler);
    return this;
  }

  refreshCalls(): number {
    return this.requests.filter((seen) => seen.path === '/admin/auth/refresh').length;
  }

  install(): void {
    vi.stubGlobal('fetch', (input: string | URL | Request, init: RequestInit = {}) => this.fetch(input, init));
  }

  private async fetch(input: string | URL | Request, init: RequestInit): Promise<Response> {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      location.href,
    );
    const headers = new Headers(init.headers);
    const seen: SeenRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    this.requests.push(seen);
    const signal = init.signal;
    // Like fetch, rejects with the signal's reason (a `TimeoutError` for `AbortSignal.timeout`).
    const aborted = () => signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    if (signal?.aborted) throw aborted();
    const answer = await new Promise<Answer>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(aborted()));
      const reply = () => Promise.resolve(this.answer(seen)).then(resolve, reject);
      if (this.delay === 0) reply();
      else setTimeout(reply, this.delay);
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  }

  private answer(seen: SeenRequest): Answer | Promise<Answer> {
    const bearer = seen.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    if (seen.path === '/admin/auth/refresh') return this.refresh(bearer);
    const custom = this.routes.get(`${seen.method} ${seen.path}`);
    if (seen.path.startsWith('/admin/auth/')) return custom ? custom(seen) : { status: 200, body: { ok: true } };
    if (this.expiredAccess.has(bearer))
      return { status: 401, body: { detail: 'Signature has expired', code: 'token_expired' } };
    if (!this.validAccess.has(bearer))
      return { status: 401, body: { detail: 'Not signed in', code: 'not_authenticated' } };
    if (custom) return custom(seen);
    // The palette's server frecency, which every mounted palette reads and writes: a person with no uses yet.
    if (seen.path === '/admin/palette/uses')
      return { status: 200, body: seen.method === 'GET' ? { uses: [] } : { ok: true } };
    return { status: 200, body: { path: seen.path, token: bearer } };
  }

  private refresh(bearer: string): Answer {
    if (this.refreshFails || !this.validRefresh.has(bearer)) {
      return {
        status: 401,
        body: { detail: 'The refresh token is not valid; sign in again', code: 'refresh_invalid' },
      };
    }
    this.generation += 1;
    const access = `access-${this.generation}`;
    const refresh = `refresh-${this.generation}`;
    this.validRefresh.delete(bearer);
    this.validRefresh.add(refresh);
    this.validAccess.add(access);
    return { status: 200, body: { data: { access_token: access, refresh_token: refresh, user_role: this.role } } };
  }
}
