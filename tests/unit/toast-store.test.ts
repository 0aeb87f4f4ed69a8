import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, toastState } from '../../src/ui/toast-store';

beforeEach(() => {
  vi.useFakeTimers();
  toastState.toasts.splice(0);
});
afterEach(() => vi.useRealTimers());

describe('toast', () => {
  it('is positive and leaves after 1.5 s by default', () => {
    toast({ title: 'Saved' });
    expect(toastState.toasts[0]).toMatchObject({ title: 'Saved', type: 'positive', timeout: 1500 });
    vi.advanceTimersByTime(1499);
    expect(toastState.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastState.toasts).toHaveLength(0);
  });

  it('stays 2.5 s when negative', () => {
    toast({ title: 'Server error', message: 'No', type: 'negative' });
    vi.advanceTimersByTime(2499);
    expect(toastState.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastState.toasts).toHaveLength(0);
  });

  it('says the same thing once: an identical toast on screen is replaced, not stacked', () => {
    toast({
      title: 'Not allowed',
      message: 'Only admins, support agents and partner managers may open Models',
      type: 'negative',
    });
    vi.advanceTimersByTime(2000);
    toast({
      title: 'Not allowed',
      message: 'Only admins, support agents and partner managers may open Models',
      type: 'negative',
    });
    toast({ title: 'Not allowed', message: 'Another reason', type: 'negative' });
    expect(toastState.toasts.map((shown) => shown.message)).toEqual([
      'Only admins, support agents and partner managers may open Models',
      'Another reason',
    ]);
    vi.advanceTimersByTime(2499);
    expect(toastState.toasts).toHaveLength(2);
  });

  it('honours an explicit timeout and an early dismissal', () => {
    const id = toast({ title: 'Long', timeout: 10_000 });
    toast({ title: 'Other' });
    dismissToast(id);
    expect(toastState.toasts.map((shown) => shown.title)).toEqual(['Other']);
  });
});
