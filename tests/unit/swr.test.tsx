import { act, cleanup, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../domain/api';
import { revalidateCalls, swrConfig, swrKey, useCall } from '../../src/http/swr';
import { clearSession } from '../../src/session/store';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

let server: FakeApi;

function Customer({ id }: { id: number }) {
  const { data } = useCall(api.users.get, { params: { user_id: id } });
  return <p>{data ? `seen ${(data as unknown as { path: string }).path}` : 'loading'}</p>;
}

beforeEach(() => {
  clearSession();
  signedInAs('ADMIN');
  server = new FakeApi();
  server.install();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('swrKey', () => {
  it('names the endpoint and its params and query, in a stable order', () => {
    expect(swrKey(api.users.get, { params: { user_id: 4 } })).toBe('users.get {"params":{"user_id":4},"query":{}}');
    const a = swrKey(api.users.lastViewed, { query: { b: 1, a: 2 } as never });
    const b = swrKey(api.users.lastViewed, { query: { a: 2, b: 1 } as never });
    expect(a).toBe(b);
  });
});

describe('useCall and revalidateCalls', () => {
  it('fetches through call and refetches when its endpoint is revalidated', async () => {
    render(
      <SWRConfig value={swrConfig}>
        <Customer id={4} />
      </SWRConfig>,
    );
    expect(await screen.findByText('seen /admin/users/4')).toBeTruthy();
    expect(server.requests).toHaveLength(1);
    await act(() => revalidateCalls(api.users.search));
    expect(server.requests).toHaveLength(1);
    await act(() => revalidateCalls(api.users.get));
    await vi.waitFor(() => expect(server.requests).toHaveLength(2));
  });
});
