import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { quickActionMenu } from '../../commands/row-menu';
import { refusalOf } from '../../domain/labels';
import type { QuickAction } from '../../domain/tables';
import { clearSession } from '../../src/session/store';
import { OpsRowMenu } from '../../views/operations-center/OpsRowMenu';
import { areaRowMenu } from '../../views/partners-management/row-menu';
import { signedInAs } from './support/session';

const offered = (name: string, disable_message: string | null = null): QuickAction => ({
  name,
  is_disabled: disable_message !== null,
  disable_message,
});

afterEach(() => {
  cleanup();
  act(() => clearSession());
});

describe('row menus refuse in words, naming who may (issue 18, item 6)', () => {
  it('a customer row: Suspend, for a PL1 agent, says who may suspend', () => {
    const [suspend] = quickActionMenu('customer', [offered('SUSPEND_USER')], 'SUPPORT_PL1');
    expect(suspend?.disabledReason).toBe('Only admins, PL2 agents and support masters may suspend customers');
  });

  it('says who may even where the server disabled the action with "insufficient permissions"', () => {
    const [menu] = quickActionMenu('bundle', [offered('DELETE', 'insufficient permissions')], 'SUPPORT_PL1');
    expect(menu?.disabledReason).toBe(refusalOf('bundle_page_creation'));
    expect(menu?.disabledReason).toMatch(/^Only admins and partner managers may /);
  });

  it('keeps the server’s reason for a role that may run it', () => {
    const [menu] = quickActionMenu('project', [offered('RE_EDIT', 'The project is in the queue already')], 'ADMIN');
    expect(menu?.disabledReason).toBe('The project is in the queue already');
  });

  it('a partners-area row: Edit partner, for a PL1 agent', () => {
    const menu = areaRowMenu('partner', [offered('EDIT_PARTNER'), offered('DELETE_PARTNER')], 'SUPPORT_PL1');
    expect(menu.map((action) => action.disabledReason)).toEqual([
      refusalOf('partner_managment'),
      expect.stringMatching(/^Only .+ may /),
    ]);
    expect(menu.some((action) => /insufficient|permission|_/.test(action.disabledReason ?? ''))).toBe(false);
  });

  it('an operations-center row menu: Delete banner, for a PL1 agent, shows who may', () => {
    act(() => signedInAs('SUPPORT_PL1'));
    render(
      <OpsRowMenu kind="banner" label="Banner #4" quickActions={[offered('DELETE')]} prefill={{ banner_id: '4' }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Banner #4' }));
    const item = screen.getByRole('menuitem', { name: /Delete banner/ });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.textContent).toContain(refusalOf('banner_management'));
    expect(item.textContent).toContain('Only admins, marketers and partner managers may ');
    expect(item.textContent).not.toMatch(/insufficient/i);
  });
});
