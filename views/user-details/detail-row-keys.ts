import { isTypingTarget } from '../../commands/shortcuts';

/** The attribute of a details list's rows, which `j`/`k` move between. */
export const detailRowAttribute = 'data-detail-row';

/** The attribute of a row's control that takes the row's focus where it has no record menu (a model's project toggle). */
export const rowFocusAttribute = 'data-row-focus';

let tables = 0;

/**
 * The control a row's focus lands on: its record menu (so the palette and shortcuts act on the row), else its main
 * control (`rowFocusAttribute`, when enabled), else the row.
 * Scrolled into view vertically only: the menu sits in the last column, and scrolling a wide list sideways to it would
 * hide the row's id and name.
 */
function focusRow(row: HTMLElement): void {
  const control = row.querySelector<HTMLElement>(`[data-record], [${rowFocusAttribute}]:not(:disabled)`) ?? row;
  control.focus({ preventScroll: true });
  row.scrollIntoView({ block: 'nearest', inline: 'start' });
}

/** The row's menu button (its ⋯), if it has one. */
function menuOf(row: Element): HTMLElement | null {
  return row.querySelector<HTMLElement>('button[aria-haspopup="menu"]:not(:disabled)');
}

/** `.` anywhere in a row, or Enter on the row itself (a row without a record menu to land on): opens its menu. */
function openMenu(event: KeyboardEvent, from: Element | null): void {
  const row = from?.closest(`tr[${detailRowAttribute}]`);
  if (!row || (event.key === 'Enter' && from !== row)) return;
  const menu = menuOf(row);
  if (!menu) return;
  event.preventDefault();
  menu.click();
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'j' && event.key !== 'k' && event.key !== '.' && event.key !== 'Enter') return;
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTypingTarget(event.target)) return;
  const from = event.target instanceof Element ? event.target : null;
  if (from?.closest('[role="dialog"], dialog, [role="grid"], [role="menu"]') || document.querySelector('dialog[open]'))
    return;
  if (event.key === '.' || event.key === 'Enter') {
    openMenu(event, from);
    return;
  }
  const rows = [...document.querySelectorAll<HTMLElement>(`tr[${detailRowAttribute}]`)];
  if (rows.length === 0) return;
  const current = from?.closest<HTMLElement>(`tr[${detailRowAttribute}]`);
  const index = current ? rows.indexOf(current) : -1;
  const next =
    event.key === 'j'
      ? rows[index < 0 ? 0 : Math.min(index + 1, rows.length - 1)]
      : rows[index < 0 ? rows.length - 1 : Math.max(index - 1, 0)];
  if (!next) return;
  event.preventDefault();
  focusRow(next);
}

/**
 * `j` and `k` on a page of details lists (a customer's tabs, a model's training projects): the next and previous row,
 * across the page's lists in order (the first `j` takes the first row). The focus lands on the row's record menu, so
 * the palette offers that row's commands and they start prefilled with it, and Enter opens it; on a row without one,
 * on its main control (Enter runs it), else on the row (Enter opens its menu). `.` opens the row's menu from anywhere
 * in the row. Installed while any such list is shown.
 */
export function attachDetailRowKeys(): () => void {
  tables += 1;
  if (tables === 1) document.addEventListener('keydown', onKeyDown);
  return () => {
    tables -= 1;
    if (tables === 0) document.removeEventListener('keydown', onKeyDown);
  };
}
