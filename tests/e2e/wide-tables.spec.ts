import { expect, test } from '@playwright/test';
import { pagesOf, richCustomer, visit } from './console-pages';
import { profiledCustomer, startBulkRun } from './more-places';
import { signIn } from './support';

test('a wide table keeps its identity and actions columns in view, names every column and cuts no amount', async ({
  page,
}) => {
  // Narrower than 1440 so that the default columns scroll sideways (at 1440 they fit and nothing would be proven).
  await page.setViewportSize({ width: 1000, height: 900 });
  await signIn(page, 'ADMIN', '/users/all-users');
  const grid = page.getByRole('grid', { name: 'All customers' });
  await expect(grid.locator('tbody tr').first()).toBeVisible();
  const scroller = grid.locator('xpath=..');
  const frame = await scroller.boundingBox();
  expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));

  const first = grid.locator('tbody tr').first();
  const idCell = first.locator('td').first();
  const actions = first.getByRole('button', { name: /^Actions for/ });
  await expect(actions).toBeInViewport();
  const idBox = await idCell.boundingBox();
  expect(Math.round(idBox?.x ?? -1)).toBeGreaterThanOrEqual(Math.floor(frame?.x ?? 0));
  expect(await idCell.textContent()).toMatch(/^#\d+$/);
  // The identity cell is drawn over what scrolls under it: the topmost element at its centre is the cell itself.
  const covered = await idCell.evaluate((cell) => {
    const box = cell.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top === cell || cell.contains(top);
  });
  expect(covered).toBe(true);

  for (const header of await grid.getByRole('columnheader').all()) {
    expect((await header.innerText()).trim()).not.toBe('');
  }
  const cut = await grid.locator('tbody td').evaluateAll((cells) =>
    cells
      .filter((cell) => /^[$€£]/.test(cell.textContent ?? ''))
      .filter((cell) => cell.scrollWidth > cell.clientWidth)
      .map((cell) => cell.textContent),
  );
  expect(cut).toEqual([]);
});

/** What is wrong with one table on screen: its key columns out of view, empty headers, cut amounts. */
interface TableProblems {
  table: string;
  problems: string[];
}

/**
 * Checks every table in `main` as it is drawn: at the far left and the far right of its sideways scroll, the first
 * (identity) column and an actions column (a row menu, or a column headed Actions) are inside the window and on top of
 * what scrolls under them; the page itself does not scroll sideways; no header is empty; no amount is cut.
 */
function tablesOnScreen(): Promise<TableProblems[]> {
  const inView = (cell: Element, frame: DOMRect): string | null => {
    const box = cell.getBoundingClientRect();
    if (box.left < Math.max(frame.left, 0) - 1 || box.right > Math.min(frame.right, window.innerWidth) + 1)
      return `${Math.round(box.left)}–${Math.round(box.right)} outside ${Math.round(frame.left)}–${Math.round(frame.right)}`;
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top && (top === cell || cell.contains(top)) ? null : 'covered by what scrolls';
  };
  const frameOf = (table: HTMLElement): HTMLElement => {
    for (let at = table.parentElement; at; at = at.parentElement) {
      if (/(auto|scroll)/.test(getComputedStyle(at).overflowX)) return at;
    }
    return document.documentElement;
  };
  const frames = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return (async () => {
    const found: TableProblems[] = [];
    // A chart's figures folded under a closed "Table" are not a list on screen.
    for (const table of [...document.querySelectorAll<HTMLElement>('main table')].filter((t) => t.checkVisibility())) {
      const name = table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? 'a table';
      const problems: string[] = [];
      const headers = [...table.querySelectorAll<HTMLElement>('thead th')];
      headers.forEach((header, index) => {
        if (!header.innerText.trim()) problems.push(`header ${index + 1} is empty`);
      });
      const row = [...table.querySelectorAll<HTMLElement>('tbody tr')].find(
        (candidate) => candidate.querySelectorAll('td').length === headers.length,
      );
      // An empty list (no approval requests yet) still names its columns; it has no row to keep in view.
      const cells = row ? [...row.querySelectorAll<HTMLElement>('td')] : [];
      const last = headers.at(-1);
      const hasActions =
        last !== undefined &&
        (/^Actions?$/.test(last.innerText.trim()) ||
          Boolean(cells.at(-1)?.querySelector('[aria-label^="Actions for"]')));
      const frame = frameOf(table);
      for (const side of ['left', 'right'] as const) {
        frame.scrollLeft = side === 'left' ? 0 : frame.scrollWidth;
        await frames();
        const box =
          frame === document.documentElement
            ? new DOMRect(0, 0, innerWidth, innerHeight)
            : frame.getBoundingClientRect();
        const first = cells[0];
        const actions = hasActions ? cells.at(-1) : undefined;
        const identity = first && inView(first, box);
        if (identity) problems.push(`identity column, scrolled ${side}: ${identity}`);
        const menu = actions && inView(actions, box);
        if (menu) problems.push(`actions column, scrolled ${side}: ${menu}`);
      }
      frame.scrollLeft = 0;
      for (const cell of table.querySelectorAll<HTMLElement>('tbody td')) {
        const text = cell.innerText.trim();
        if (!/[$€£]\s?\d/.test(text)) continue;
        const cut = [cell, ...cell.querySelectorAll<HTMLElement>('*')].some(
          (element) =>
            element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible',
        );
        if (cut || /[$€£]\s?\d[\d,]*(?![\d,.])/.test(text)) problems.push(`amount cut: "${text.slice(0, 40)}"`);
      }
      found.push({ table: name, problems });
    }
    if (document.documentElement.scrollWidth > innerWidth)
      found.push({ table: 'the page', problems: [`scrolls sideways (${document.documentElement.scrollWidth} px)`] });
    return found;
  })();
}

test('at 1440×900 every table keeps its identity and actions columns in view, names every column and cuts no amount', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const customer = await richCustomer(baseURL as string);
  const run = await startBulkRun(baseURL as string, 'ADMIN', customer.id);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'ADMIN');
  await visit(page, '/operations-center/ab-tests');
  const abTest = await page.locator('main a[href^="/operations-center/ab-tests/"]').first().getAttribute('href');
  const { customerId, profileId } = await profiledCustomer(baseURL as string);
  const pages = [
    ...pagesOf(customer.id),
    `/bulk-runs/${run}`,
    abTest ?? '/operations-center/ab-tests/1',
    `/users/${customerId}/profiles?history=${profileId}`,
    `/users/${customerId}/profiles?shared=${profileId}`,
  ];
  const checked: string[] = [];
  const failures: (TableProblems & { path: string })[] = [];
  for (const path of pages) {
    await visit(page, path);
    for (const table of await page.evaluate(tablesOnScreen)) {
      checked.push(`${path} ${table.table}`);
      if (table.problems.length) failures.push({ path, ...table });
    }
  }
  console.log(`wide tables at 1440×900: ${checked.length} tables on ${pages.length} pages`);
  expect(failures, JSON.stringify(failures, null, 1)).toEqual([]);
  // Every list page of the console was among them (a table that did not draw is not a table that passed).
  console.log(checked.join('\n'));
});
