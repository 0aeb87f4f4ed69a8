import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmLeave, useLeaveGuard } from '../../src/routing/leave-guard';

let dirty = true;
const isDirty = () => dirty;

function Guarded() {
  useLeaveGuard(isDirty);
  return <a href="/users/42/credits">Credits</a>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  dirty = true;
});

describe('the unsaved-changes guard', () => {
  it('asks before going to another page while there are unsaved changes, and stays when refused', () => {
    history.replaceState(null, '', '/users/42/general');
    const ask = vi.fn(() => false);
    vi.stubGlobal('confirm', ask);
    render(<Guarded />);
    expect(confirmLeave('/users/42/credits')).toBe(false);
    expect(confirmLeave('/users/42/general?edit=1')).toBe(true);
    expect(ask).toHaveBeenCalledTimes(1);
    dirty = false;
    expect(confirmLeave('/users/42/credits')).toBe(true);
  });

  it('stops a link click that was refused', () => {
    history.replaceState(null, '', '/users/42/general');
    vi.stubGlobal('confirm', () => false);
    const { getByText } = render(<Guarded />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    getByText('Credits').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it('no longer asks once the page is gone', () => {
    const ask = vi.fn(() => false);
    vi.stubGlobal('confirm', ask);
    const { unmount } = render(<Guarded />);
    unmount();
    expect(confirmLeave('/users/last-viewed')).toBe(true);
    expect(ask).not.toHaveBeenCalled();
  });
});
