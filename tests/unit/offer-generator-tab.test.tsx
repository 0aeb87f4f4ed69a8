import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cancelRun } from '../../commands/runner';
import { timesUsed } from '../../domain/labels';
import type { PromotionLinkRow } from '../../domain/marketing';
import type { Header } from '../../domain/tables';
import { clearSession } from '../../src/session/store';
import { formatDateTime } from '../../src/ui/dates';
import { OfferGeneratorTab } from '../../views/operations-center/OfferGeneratorTab';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';
import { stubLayout } from './support/table';

const header = (key: string, label: string, type: Header['type']): Header => ({
  key,
  label,
  type,
  sortable: false,
  filter: null,
  default_visible: true,
});

function link(id: number, usedCount: number, lastUsedAt: string | null): PromotionLinkRow {
  return {
    id,
    url: `https://admin.example.com/p/token${id}`,
    benefit: '50_PERCENT',
    landing_page: 'CHECKOUT',
    source: 'CUSTOMER_MESSAGING',
    action: 'SUBSCRIBE',
    duration: 7,
    duration_unit: 'DAYS',
    slug: null,
    state: 'ACTIVE',
    created_by: 'Mia Marketer',
    created_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2026-11-27T10:00:00.000Z',
    revoked_at: null,
    used_count: usedCount,
    used: timesUsed(usedCount),
    last_used_at: lastUsedAt,
    quick_actions: [],
  };
}

let server: FakeApi;

beforeEach(() => {
  cancelRun();
  clearSession();
  signedInAs('MARKETER_PLUS');
  stubLayout(600);
  server = new FakeApi();
  server.delay = 0;
  server.on('GET', '/admin/marketing/promotions/links', () => ({
    status: 200,
    body: {
      // The Used and Last used columns as server/marketing/promotions.ts sends them.
      headers: [
        header('id', 'ID', 'NUMBER'),
        header('used', 'Used', 'TEXT'),
        header('last_used_at', 'Last used', 'DATETIME'),
        header('quick_actions', '', 'ROW_MENU'),
      ],
      links: [link(3, 3, '2026-11-22T09:30:00.000Z'), link(2, 1, '2026-11-21T09:30:00.000Z'), link(1, 0, null)],
    },
  }));
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OfferGeneratorTab', () => {
  it('shows how often each link was used, in words, and when last; an unused link says so', async () => {
    renderAt('/operations-center/offer-generator', <OfferGeneratorTab />);
    const table = await screen.findByRole('grid', { name: 'Promotion links' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]?.textContent).toMatch(/Used.*Last used/);
    expect(rows[1]?.textContent).toContain('3 times');
    expect(rows[2]?.textContent).toContain('1 time');
    expect(rows[2]?.textContent).not.toContain('1 times');
    expect(rows[3]?.textContent).toContain('Not used');
    // The last use's date is shown; an unused link's is a dash.
    expect(rows[1]?.textContent).toContain(formatDateTime('2026-11-22T09:30:00.000Z'));
    expect(rows[3]?.textContent).toContain('—');
  });
});
