import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetReadsAhead, readAhead, readOnce } from '../../commands/read-ahead';
import { readAheadForRecord } from '../../commands/record-read-ahead';
import { userTarget } from '../../commands/target';
import { collectVersions, noteVersion } from '../../src/http';
import { clearSession } from '../../src/session/store';
import { customerRow } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { signedInAs } from './support/session';

beforeEach(() => {
  vi.useFakeTimers();
  forgetReadsAhead();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A read that answers its key and notes an ETag on the signal, as `call` does for a read with a collecting signal. */
function reader(log: string[]) {
  return (key: string) => async (signal: AbortSignal) => {
    log.push(key);
    noteVersion(signal, `"${key}"`);
    return { key };
  };
}

describe('reads ahead of a confirmation (the refund’s preview)', () => {
  it('an id typed digit by digit is read once, the last; the preview then uses it, with its version', async () => {
    const log: string[] = [];
    const read = reader(log);
    for (const id of ['1', '15', '150', '1508']) readAhead(`refundable:${id}`, read(id));
    readAhead('refundable:1508', read('1508'));
    await vi.advanceTimersByTimeAsync(300);
    expect(log).toEqual(['1508']);

    const signal = new AbortController().signal;
    const versions = collectVersions(signal);
    expect(await readOnce('refundable:1508', signal, read('again'))).toEqual({ key: '1508' });
    expect(log).toEqual(['1508']);
    expect(versions()).toEqual(['"1508"']);
    // Used once: a second preview (after a refusal as stale) reads again.
    expect(await readOnce('refundable:1508', signal, read('again'))).toEqual({ key: 'again' });
  });

  it('a preview before the read started reads at once, and nothing is read later; a command that ran forgets', async () => {
    const log: string[] = [];
    const read = reader(log);
    readAhead('refundable:7', read('7'));
    expect(await readOnce('refundable:7', new AbortController().signal, read('now'))).toEqual({ key: 'now' });
    await vi.advanceTimersByTimeAsync(300);
    expect(log).toEqual(['now']);

    readAhead('refundable:8', read('8'));
    await vi.advanceTimersByTimeAsync(300);
    forgetReadsAhead();
    expect(await readOnce('refundable:8', new AbortController().signal, read('fresh'))).toEqual({ key: 'fresh' });
  });

  it('a focused project row reads what is left to refund, for a role that may refund and only when offered', async () => {
    const server = new FakeApi();
    server.delay = 0;
    server.on('GET', '/admin/projects/editing/31/refundable', () => ({ status: 200, body: {} }));
    server.install();
    const reads = () => server.requests.filter((seen) => seen.path.endsWith('/refundable')).length;
    const row = (is_disabled: boolean) => ({
      kind: 'project' as const,
      id: 31,
      quickActions: [{ name: 'REFUND', is_disabled, disable_message: null }],
      target: userTarget(customerRow()),
    });
    clearSession();
    signedInAs('SUPPORT_PL1');
    readAheadForRecord(row(false));
    signedInAs('ADMIN');
    readAheadForRecord(row(true));
    await vi.advanceTimersByTimeAsync(300);
    expect(reads()).toBe(0);
    readAheadForRecord(row(false));
    await vi.advanceTimersByTimeAsync(300);
    expect(reads()).toBe(1);
    vi.unstubAllGlobals();
  });
});
