import { isTypingTarget } from '../../commands/shortcuts';

/** The attribute of a details list's rows, which `j`/`k` move between. */
export const detailRowAttribute = 'data-detail-row';

let tables = 0;

/**
 * The control a row's focus lands on: its record menu (so the palette and shortcuts act on the row), else the row.
 * Scrolled into view vertically only: the menu sits in the last column, and scrolling a wide list sideways to it would
 * hide the row's id and name.
 */
function focusRow(row: HTMLElement): void {
  const control = row.querySelector<HTMLElement>('[data-record]') ?? row;
  control.focus({ preventScroll: true });
  row.scrollIntoView({ block: 'nearest', inline: 'start' });
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'j' && event.key !== 'k') return;
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || isTypingTarget(event.target)) return;
  const from = event.target instanceof Element ? event.target : null;
  if (from?.closest('[role="dialog"], dialog, [role="grid"], [role="menu"]') || document.querySelector('dialog[open]'))
    return;
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
 * `j` and `k` on a page of details lists: the next and previous row, across the page's lists in order (the first `j`
 * takes the first row). The focus lands on the row's record menu, so the palette offers that row's commands and they
 * start prefilled with it. Installed while any details list is shown.
 */
export function attachDetailRowKeys(): () => void {
  tables += 1;
  if (tables === 1) document.addEventListener('keydown', onKeyDown);
  return () => {
    tables -= 1;
    if (tables === 0) document.removeEventListener('keydown', onKeyDown);
  };
}
