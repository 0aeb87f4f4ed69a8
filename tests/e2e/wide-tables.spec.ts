import { expect, test } from '@playwright/test';
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
