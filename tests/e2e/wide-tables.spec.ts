import { expect, test } from '@playwright/test';
import { WideTables } from './wide-tables';

/**
 * A details-like table 600 px wide in a 300 px frame: `pinned` keeps its first and last columns in view while the
 * middle scrolls; the header and the cells are given.
 */
function tableOf(options: { pinned: boolean; headers: string[]; cells: string[]; moneyAt: number }): string {
  const pin = (index: number, count: number) =>
    !options.pinned
      ? ''
      : index === 0
        ? 'position:sticky;left:0;'
        : index === count - 1
          ? 'position:sticky;right:0;'
          : '';
  const cell = (tag: string, text: string, index: number, count: number) =>
    `<${tag} ${tag === 'th' && index === options.moneyAt ? 'data-money' : ''} style="${pin(index, count)}background:white;padding:0">` +
    `<div style="width:150px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">${text}</div></${tag}>`;
  const row = (tag: string, texts: string[]) =>
    texts.map((text, index) => cell(tag, text, index, texts.length)).join('');
  return `<main><div style="width:300px;overflow-x:auto"><table aria-label="Charges" style="border-collapse:collapse">
    <thead><tr>${row('th', options.headers)}</tr></thead><tbody><tr>${row('td', options.cells)}</tr></tbody>
  </table></div></main>`;
}

const headers = ['Id', 'Subject', 'Amount', 'Actions'];

// The walk's table check must fail on what issue 18 item 7 forbids, and only on that: proven here on tables drawn
// for it, since the console's own tables pass (a check that never fails proves nothing).
test('the wide-table check finds a key column scrolled away, an empty header and a cut amount, and nothing else', async ({
  page,
}) => {
  await page.setViewportSize({ width: 800, height: 400 });
  const problemsOf = async (html: string) => {
    await page.setContent(html);
    const tables = new WideTables(page);
    await tables.check('a test table');
    return tables.failures.flatMap((failure) => failure.problems);
  };
  // Text that merely mentions money in a column that is not money ("Your invoice ($40.00)") is no amount to check.
  const fine = ['#12', 'Your invoice for March ($40.00)', '$187.50', '⋯'];
  expect(await problemsOf(tableOf({ pinned: true, headers, cells: fine, moneyAt: 2 }))).toEqual([]);

  const unpinned = await problemsOf(tableOf({ pinned: false, headers, cells: fine, moneyAt: 2 }));
  expect(unpinned).toEqual([
    expect.stringMatching(/^actions column, scrolled left: .* outside/),
    expect.stringMatching(/^identity column, scrolled right: .* outside/),
  ]);

  const cut = await problemsOf(
    tableOf({ pinned: true, headers: ['Id', '', 'Amount', 'Actions'], cells: ['#12', 'x', '$187', '⋯'], moneyAt: 2 }),
  );
  expect(cut).toEqual(['header 2 is empty', 'amount cut in Amount: "$187"']);

  const clipped = await problemsOf(
    tableOf({ pinned: true, headers, cells: ['#12', 'x', '$1,234,567,890,123,456,789.50', '⋯'], moneyAt: 2 }),
  );
  expect(clipped).toEqual([expect.stringMatching(/^amount cut in Amount: "\$1,234,567/)]);
});
