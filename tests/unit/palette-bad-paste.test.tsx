import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun } from '../../commands/runner';
import { clearSession } from '../../src/session/store';
import { closePalette, Palette } from '../../views/palette/Palette';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

/**
 * Bad input pasted into the palette (issue 18, "Bad input"): one request per settled query, never a storm, and
 * "Nothing found for …" once the (empty) answer is in. Counts requests, not time.
 */
let server: FakeApi;

const searches = () =>
  server.requests.filter((seen) => seen.path === '/admin/palette/find' || seen.path.startsWith('/admin/users/search'));

function input(): HTMLInputElement {
  return screen.getByPlaceholderText(/type a command/i) as HTMLInputElement;
}

async function open(): Promise<void> {
  renderAt('/users/last-viewed', <Palette />);
  act(() => {
    fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true });
  });
  await screen.findByPlaceholderText(/type a command/i);
}

function paste(text: string): void {
  act(() => {
    fireEvent.change(input(), { target: { value: text } });
  });
}

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  closePalette();
  clearSession();
  signedInAs('ADMIN');
  server = new FakeApi();
  server.on('GET', '/admin/palette/find', () => ({ status: 200, body: { records: [], customers: [] } }));
  server.install();
});

afterEach(() => {
  cleanup();
  closePalette();
  vi.unstubAllGlobals();
});

describe('bad input pasted into the palette', () => {
  it('an unknown id and %00 each make one request, then say nothing was found', async () => {
    await open();
    paste('#2147483000');
    expect(await screen.findByText('Nothing found for “#2147483000”.')).toBeTruthy();
    expect(searches().map((seen) => seen.search)).toEqual(['?q=%232147483000']);

    paste('');
    paste('%00');
    expect(await screen.findByText('Nothing found for “%00”.')).toBeTruthy();
    expect(searches()).toHaveLength(2);
    expect(new URLSearchParams(searches()[1]?.search).get('q')).toBe('%00');
  });

  it('#, another host’s address and a 100 kB ticket without an identifier ask nothing', async () => {
    await open();
    for (const text of ['#', 'https://evil.example/users/1/general', 'lorem ipsum dolor '.repeat(5700)]) {
      paste(text);
      expect(await screen.findByText(/^Nothing found for “/)).toBeTruthy();
      paste('');
    }
    expect(searches()).toHaveLength(0);
  });

  it('typed key by key, a query is asked once it settles, not once per key', async () => {
    await open();
    for (const text of ['%', '%0', '%00', '%00x', '%00']) paste(text);
    expect(await screen.findByText('Nothing found for “%00”.')).toBeTruthy();
    expect(searches()).toHaveLength(1);
  });
});
