import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allCommands } from '../../commands/index';
import { helpPageOf, keyboardHelp } from '../../commands/keyboard-help';
import { callLabel, countOf, plainText } from '../../domain/labels';
import { bannerFileRefusal, bannerUploadLimits } from '../../domain/marketing';
import { FirstPageFallback } from '../../src/ui/table/FirstPageFallback';
import { nextChargeText } from '../../views/user-details/next-charge';

afterEach(cleanup);

describe('the smaller findings of the agent trial', () => {
  it('puts counts and nouns in agreement', () => {
    expect(countOf(1, 'notification')).toBe('1 notification');
    expect(countOf(0, 'notification')).toBe('0 notifications');
    expect(countOf(1204, 'retry', 'retries')).toBe('1,204 retries');
  });

  it('lists on ? the keys of the page it is on', () => {
    expect(helpPageOf('/users/42/general')).toBe('customer');
    expect(helpPageOf('/models/7')).toBe('model');
    expect(helpPageOf('/users/all-users')).toBe('other');
    const titles = (path: string) =>
      keyboardHelp(allCommands, 'ADMIN', helpPageOf(path)).map((section) => section.title);
    const tabs = 'Customer tabs (on a customer’s page)';
    expect(titles('/users/42/general')).toContain(tabs);
    expect(titles('/users/42/general')).not.toContain('A model’s page');
    expect(titles('/models/7')).toContain('A model’s page');
    expect(titles('/models/7')).not.toContain(tabs);
    expect(titles('/operations-center/banners')).not.toContain(tabs);
    expect(titles('/operations-center/banners')).not.toContain('A model’s page');
    expect(titles('/operations-center/banners')).toEqual(expect.arrayContaining(['Anywhere', 'Customer commands']));
  });

  it('never shows a past date as the next charge', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const amount = { amount: 4900, multiplier: 100, symbol: '$' } as const;
    expect(nextChargeText({ date: '2026-12-03T09:00:00Z', amount }, now)).toEqual({
      headline: '$49.00',
      note: 'on 3 Dec 2026',
    });
    expect(nextChargeText({ date: '2026-11-24T09:00:00Z', amount }, now).headline).toBe('Not scheduled');
    expect(nextChargeText({ date: null, amount: null }, now).headline).toBe('None scheduled');
  });

  it('refuses a banner file by type and size before it is sent', () => {
    expect(bannerFileRefusal({ size: 1000, type: 'image/gif' })).toMatch(/PNG, JPEG or WebP/);
    expect(bannerFileRefusal({ size: bannerUploadLimits.maxBytes + 1, type: 'image/png' })).toMatch(/at most 5 MB/);
    expect(bannerFileRefusal({ size: 0, type: 'image/png' })).toMatch(/empty/);
    expect(bannerFileRefusal({ size: 1000, type: 'image/webp' })).toBeNull();
  });

  it('says audit calls, templates and roles in words', () => {
    expect(callLabel('staff.setRole')).toBe('Staff: set role');
    expect(callLabel('userActions.giveCredit')).toBe('Customer: give credit');
    expect(plainText('MONTHLY_NEWSLETTER')).toBe('Monthly newsletter');
    expect(plainText('Jane Roe (SUPPORT_PL2)')).toBe('Jane Roe (Support PL2)');
    expect(plainText('US')).toBe('US');
  });

  it('offers Clear filters, not Try again, when the server refuses the address’s filters', () => {
    const onStateChange = vi.fn();
    const onRetry = vi.fn();
    const state = { filters: [{ kind: 'text', column: 'email', op: 'contains', value: 'x' }] } as never;
    const { rerender } = render(
      <FirstPageFallback
        what="the customers"
        isLoading={false}
        error={{ message: 'status: must be one of …', status: 400 }}
        onRetry={onRetry}
        state={state}
        onStateChange={onStateChange}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onStateChange).toHaveBeenCalledWith({ filters: [] });
    rerender(
      <FirstPageFallback
        what="the customers"
        isLoading={false}
        error={{ message: 'Server error', status: 503 }}
        onRetry={onRetry}
        state={state}
        onStateChange={onStateChange}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
