import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { watchedRecords } from '../../src/live/live-stream';
import { presenceState } from '../../src/live/presence';
import { RunPresence } from '../../views/palette/RunPresence';
import { signedInAs } from './support/session';

const hana = {
  staff_id: 901,
  name: 'Hana Kobayashi',
  initials: 'HK',
  since: '2026-11-28T10:42:00Z',
  activity: 'in Edit partner',
};

afterEach(() => {
  cleanup();
  presenceState.byRecord = {};
});

describe('presence on a record opened in the palette (a partner has no page of its own)', () => {
  it('a form naming a partner watches it while open, and shows who else has it and what they do', async () => {
    signedInAs('ADMIN');
    const { unmount } = render(<RunPresence values={{ partner_id: 'Northlight Studio · #12', name: 'x' }} />);
    // Watched: this tab's beats say it has partner 12 open, so the others see it too.
    expect(watchedRecords()).toContain('partner:12');
    act(() => {
      presenceState.byRecord['partner:12'] = [hana];
    });
    const line = await screen.findByRole('list', { name: 'Also open by' });
    expect(line.textContent).toMatch(/^HKHana Kobayashi · since .+ · in Edit partner$/);
    unmount();
    expect(watchedRecords()).not.toContain('partner:12');
  });

  it('names no record for a form without one, or with a partner field still empty', () => {
    signedInAs('ADMIN');
    render(<RunPresence values={{ partner_id: '', amount: '12' }} />);
    expect(watchedRecords()).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Also open by' })).toBeNull();
  });
});
