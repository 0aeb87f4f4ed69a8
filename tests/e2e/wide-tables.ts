import { expect, type Page } from '@playwright/test';

/** What is wrong with one table on screen: its key columns out of view, empty headers, cut amounts. */
export interface TableProblems {
  where: string;
  table: string;
  problems: string[];
}

/**
 * The tables in `main` whose rows are not laid out yet (a first row whose cells have no size): measured now, they
 * would read "0–0 outside". An empty table (it still names its columns) is ready.
 */
function unpaintedTables(): string[] {
  return [...document.querySelectorAll<HTMLElement>('main table')]
    .filter((table) => table.checkVisibility())
    .filter((table) => {
      const cell = table.querySelector<HTMLElement>('tbody tr td');
      if (!cell) return false;
      const box = cell.getBoundingClientRect();
      return box.width === 0 || box.height === 0;
    })
    .map((table) => table.getAttribute('aria-label') ?? 'a table');
}

/**
 * Checks every table in `main` as it is drawn: at the far left and the far right of its sideways scroll, the first
 * (identity) column and an actions column (a row menu, or a last column headed Action(s)) are inside the window and
 * on top of what scrolls under them; the page itself does not scroll sideways; no header is empty; no amount in a
 * money column (a header marked `data-money`: the server's CURRENCY type, a details column declared money) is cut.
 */
function tablesOnScreen(): Promise<(Omit<TableProblems, 'where'> & { amounts: number })[]> {
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
  // An amount in full: an optional sign, a currency symbol or code, whole units, and at least two decimals
  // (`$187.50`, `-€4.00`, `CHF 1,204.10`, `$0.035`); a dash stands for none.
  const wholeAmount = /^(?:—|[-−]?(?:[A-Z]{1,3}\s?)?[$€£¥₹]?\s?[-−]?\d{1,3}(?:,\d{3})*\.\d{2,})$/;
  return (async () => {
    const found: (Omit<TableProblems, 'where'> & { amounts: number })[] = [];
    // A chart's figures folded under a closed "Table" are not a list on screen.
    for (const table of [...document.querySelectorAll<HTMLElement>('main table')].filter((t) => t.checkVisibility())) {
      const name = table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? 'a table';
      const problems: string[] = [];
      const headers = [...table.querySelectorAll<HTMLElement>('thead th')];
      headers.forEach((header, index) => {
        if (!header.innerText.trim()) problems.push(`header ${index + 1} is empty`);
      });
      const rows = [...table.querySelectorAll<HTMLElement>('tbody tr')].filter(
        (candidate) => candidate.querySelectorAll('td').length === headers.length,
      );
      // An empty list (no approval requests yet) still names its columns; it has no row to keep in view.
      const cells = rows[0] ? [...rows[0].querySelectorAll<HTMLElement>('td')] : [];
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
        const identity = cells[0] && inView(cells[0], box);
        if (identity) problems.push(`identity column, scrolled ${side}: ${identity}`);
        const actions = hasActions ? cells.at(-1) : undefined;
        const menu = actions && inView(actions, box);
        if (menu) problems.push(`actions column, scrolled ${side}: ${menu}`);
      }
      frame.scrollLeft = 0;
      const money = headers.flatMap((header, index) => (header.hasAttribute('data-money') ? [index] : []));
      let amounts = 0;
      for (const row of rows) {
        for (const index of money) {
          const cell = row.querySelectorAll<HTMLElement>('td')[index] as HTMLElement;
          const text = cell.innerText.trim();
          amounts += 1;
          const clipped = [cell, ...cell.querySelectorAll<HTMLElement>('*')].some(
            (element) =>
              element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible',
          );
          if (clipped || !wholeAmount.test(text))
            problems.push(`amount cut in ${headers[index]?.innerText.trim()}: "${text.slice(0, 40)}"`);
        }
      }
      found.push({ table: name, problems, amounts });
    }
    if (document.documentElement.scrollWidth > innerWidth)
      found.push({
        table: 'the page',
        problems: [`scrolls sideways (${document.documentElement.scrollWidth} px)`],
        amounts: 0,
      });
    return found;
  })();
}

/**
 * Issue 18 item 7, checked where a walk already stands: every table keeps its identity and actions columns in view,
 * names every column and cuts no amount. Counts the tables it checked and keeps what was wrong.
 */
export class WideTables {
  readonly failures: TableProblems[] = [];
  readonly checked: string[] = [];
  /** Cells of money columns read (each a whole amount, or a dash). */
  amounts = 0;
  constructor(private readonly page: Page) {}

  async check(where: string): Promise<void> {
    await expect.poll(() => this.page.evaluate(unpaintedTables), { message: `tables painted on ${where}` }).toEqual([]);
    for (const { amounts, ...table } of await this.page.evaluate(tablesOnScreen)) {
      this.amounts += amounts;
      if (table.table !== 'the page') this.checked.push(`${where} ${table.table}`);
      if (table.problems.length) this.failures.push({ where, ...table });
    }
  }

  /**
   * Narrower than 1440 the all-customers list must scroll sideways (at 1440 its default columns fit, and nothing about
   * pinning would be proven): its identity and actions columns stay in view at both ends, its identity reads `#id`.
   */
  async checkScrolling(where: string, width: number): Promise<void> {
    const wide = this.page.viewportSize();
    await this.page.setViewportSize({ width, height: wide?.height ?? 900 });
    const grid = this.page.getByRole('grid', { name: 'All customers' });
    await expect(grid.locator('tbody tr').first()).toBeVisible();
    expect(await grid.locator('xpath=..').evaluate((frame) => frame.scrollWidth > frame.clientWidth)).toBe(true);
    await expect(grid.locator('tbody tr').first().locator('td').first()).toHaveText(/^#\d+$/);
    await this.check(`${where} at ${width} px`);
    if (wide) await this.page.setViewportSize(wide);
  }

  report(): string {
    return `wide tables at 1440×900: ${this.checked.length} tables checked (${this.amounts} amounts in money columns), ${this.failures.length} with problems`;
  }
}
