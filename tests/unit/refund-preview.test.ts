import { describe, expect, it } from 'vitest';
import { refundPreview } from '../../commands/projects/refund-project';
import { money } from '../../domain/money';
import type { Refundable } from '../../domain/refunds';

const left: Refundable = {
  project_id: 7,
  project_name: 'Smith wedding',
  currency: 'EUR',
  charged: money(4800, 'EUR'),
  paid: money(4800, 'EUR'),
  refunded: money(1000, 'EUR'),
  refundable: money(3800, 'EUR'),
  card: { available: true, reason: null },
  reason: null,
};
const params = { project_id: 7, amount: 12.5, reason: 'OTHER' as const, description: '', to: 'credit' as const };

describe('refund preview', () => {
  it('names the amount, the currency and where it goes, and what is left after', () => {
    const preview = refundPreview(left, params, 'Jane Doe');
    expect(preview.headline).toBe(
      'Adds €12.50 (EUR) of credit to Jane Doe’s account for Smith wedding; the card is not touched.',
    );
    expect(preview.lines).toContainEqual({ label: 'Left after this refund', value: '€25.50' });
    expect(preview.blocked).toBeUndefined();
    const card = refundPreview(left, { ...params, to: 'card' }, 'Jane Doe');
    expect(card.headline).toContain('to the card that paid for Smith wedding');
  });

  it('blocks more than is left, nothing, and a card refund without a card charge, saying why', () => {
    expect(refundPreview(left, { ...params, amount: 38.01 }, 'Jane').blocked).toBe(
      'At most €38.00 is left to refund of this project.',
    );
    expect(refundPreview(left, { ...params, amount: 0 }, 'Jane').blocked).toBe('The amount must be more than 0.');
    const noCard = { ...left, card: { available: false, reason: 'No card charge billed this project' } };
    expect(refundPreview(noCard, { ...params, to: 'card' }, 'Jane').blocked).toBe('No card charge billed this project');
  });

  it('blocks a project that was never paid with the server’s reason, whatever the amount', () => {
    const unpaid: Refundable = {
      ...left,
      paid: money(0, 'EUR'),
      refunded: money(0, 'EUR'),
      refundable: money(0, 'EUR'),
      reason: 'Its charge was not paid: there is nothing to refund',
    };
    expect(refundPreview(unpaid, { ...params, amount: 1 }, 'Jane').blocked).toBe(
      'Its charge was not paid: there is nothing to refund.',
    );
  });
});
