import { expect, type Locator, type Page, test } from '@playwright/test';
import type { ModelDetailAnswer, ModelsAnswer } from '../../domain/models';
import { apiAs, signIn } from './support';

/** Presses Tab until the located control has focus (keyboard only, as a person would). */
async function tabTo(page: Page, target: Locator, limit = 200, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  throw new Error('Tab never reached the control');
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Models' });

/**
 * The position in the PENDING_REVIEW list (newest first, as the page shows it) of the first unlocked model whose
 * training photos come from two cameras or more, so narrowing to one camera changes what the charts count.
 */
async function reviewableModel(baseURL: string): Promise<{ index: number; id: number; camera: string }> {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const list = await api.post('/admin/models/model_management/get_models', {
    headers,
    data: { filters: [{ kind: 'multi', column: 'state', op: 'equal', value: ['PENDING_REVIEW'] }], page_size: 40 },
  });
  const { models } = (await list.json()) as ModelsAnswer;
  for (const [index, model] of models.entries()) {
    if (model.locked) continue;
    const detail = (await (
      await api.post(`/admin/models/model_management/${model.id}`, { headers, data: {} })
    ).json()) as ModelDetailAnswer;
    const cameras = detail.sidebar
      .flatMap((group) => group.cards)
      .filter((card) => card.key === 'cameras-profile')
      .flatMap((card) => card.subgroups.flatMap((subgroup) => subgroup.items));
    if (cameras.length >= 2 && cameras[0]) {
      await api.dispose();
      return { index, id: model.id, camera: cameras[0].label };
    }
  }
  throw new Error('No unlocked PENDING_REVIEW demo model with photos from two cameras');
}

test('keyboard only: filter the models list to PENDING_REVIEW, open one, narrow to one camera, mark it READY, see the list follow', async ({
  page,
  baseURL,
}) => {
  // A long path through two pages and a command, on a loaded machine: more than the default 30 s.
  test.setTimeout(60_000);
  const chosen = await reviewableModel(baseURL as string);
  await signIn(page, 'SUPPORT_MASTER', '/models');
  await expect(grid(page)).toBeFocused();
  const total = page.getByTestId('models-total');
  await expect(total).toHaveText(/\d/);
  const everything = await total.textContent();

  // Filter by state: the filter editor, its column, the PENDING_REVIEW box, Apply — all by keyboard.
  await tabTo(page, page.getByRole('button', { name: '+ Filter' }));
  await page.keyboard.press('Enter');
  const column = page.getByLabel('Column');
  await tabTo(page, column);
  await column.selectOption({ label: 'State' });
  await tabTo(page, page.getByRole('checkbox', { name: 'Pending review', exact: true }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Apply' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Edit filter: State is Pending review' })).toBeVisible();
  await expect(total).not.toHaveText(everything ?? '');
  await expect(page).toHaveURL(/f=state:multi:equal:PENDING_REVIEW/);

  // Open the chosen one: focus the grid, j down to its row, Enter.
  await tabTo(page, grid(page));
  for (let step = 0; step < chosen.index; step++) await page.keyboard.press('j');
  await expect(grid(page).locator('tr[aria-selected="true"]')).toHaveAttribute('data-row-id', String(chosen.id));
  const modelId = String(chosen.id);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/models/${modelId}$`));
  await expect(page.getByTestId('model-state')).toHaveText('Pending review');
  const selected = page.getByTestId('summary-selected-photos');
  const allPhotos = await selected.textContent();
  const temperature = page.locator('[data-chart="temperature"] table');
  const before = await temperature.evaluate((table) => table.textContent);

  // Narrow to one camera: the sidebar's first camera box, by Tab and Space.
  const escaped = chosen.camera.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await tabTo(page, page.getByRole('checkbox', { name: new RegExp(`^${escaped} \\d`) }));
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/f\.cameras-profile=/);
  await expect(selected).not.toHaveText(allPhotos ?? '', { timeout: 15_000 });
  await expect.poll(() => temperature.evaluate((table) => table.textContent)).not.toBe(before);
  await page.screenshot({ path: '/tmp/models-detail.png', fullPage: false });

  // Mark it READY: the page's button opens the command's form with the state filled in; Ctrl+Enter runs it.
  // The page's actions sit above the sidebar: Shift+Tab back up to them.
  await tabTo(page, page.getByRole('button', { name: 'Mark Ready' }), 40, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('New state')).toHaveValue('READY');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(`Model #${modelId} is ready now`)).toBeVisible();
  await expect(page.getByTestId('model-state')).toHaveText('Ready');

  // Back to the list (the filter is still in its address): the model has left PENDING_REVIEW.
  await page.goBack();
  await expect(page).toHaveURL(/\/models\?f=state:multi:equal:PENDING_REVIEW/);
  await expect(grid(page).locator(`tbody tr[data-row-id="${modelId}"]`)).toHaveCount(0);
});

test('on a focused model row the palette lists that model’s commands first, and follows the focus', async ({
  page,
}) => {
  await signIn(page, 'SUPPORT_MASTER', '/models');
  await expect(grid(page)).toBeFocused();
  const rows = grid(page).locator('tbody tr[data-row-id]');
  await expect(rows.nth(1)).toBeVisible();
  const palette = page.getByRole('dialog');
  for (const [index, key] of [
    [0, null],
    [1, 'j'],
  ] as const) {
    if (key) await page.keyboard.press(key);
    const id = await rows.nth(index).getAttribute('data-row-id');
    await page.keyboard.press('Control+k');
    await expect(palette.getByRole('option').first()).toContainText(`Change model state #${id}`);
    await expect(palette.getByRole('option', { selected: true })).toContainText(`#${id}`);
    await page.keyboard.press('Escape');
    await expect(palette).toHaveCount(0);
    await expect(grid(page)).toBeFocused();
  }
});

/** A model with training photos and a neighbour of its profile, with a camera and a temperature bucket of its photos. */
async function steppableModel(baseURL: string) {
  const { api, token } = await apiAs('ADMIN', baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const detailOf = async (id: number) =>
    (await (await api.post(`/admin/models/model_management/${id}`, { headers, data: {} })).json()) as ModelDetailAnswer;
  const cameraValues = (detail: ModelDetailAnswer) =>
    detail.sidebar
      .flatMap((group) => group.cards)
      .filter((card) => card.key === 'cameras-profile')
      .flatMap((card) => card.subgroups.flatMap((subgroup) => subgroup.items.map((item) => item.value)));
  const list = await api.post('/admin/models/model_management/get_models', {
    headers,
    data: { filters: [{ kind: 'multi', column: 'state', op: 'equal', value: ['PENDING_REVIEW'] }], page_size: 40 },
  });
  for (const { id } of ((await list.json()) as ModelsAnswer).models) {
    const detail = await detailOf(id);
    const neighbour = detail.model_pagination.previous_model_id ?? detail.model_pagination.next_model_id;
    const camera = cameraValues(detail)[0];
    const bucket = detail.statistics.flatMap((section) => section.charts).find((chart) => chart.key === 'temperature')
      ?.filters.most_common?.parameter_value;
    if (!neighbour || !camera || bucket === undefined) continue;
    const key = neighbour === detail.model_pagination.previous_model_id ? '[' : ']';
    const neighbourHasCamera = cameraValues(await detailOf(neighbour)).includes(camera);
    await api.dispose();
    return { id, neighbour, key, camera, bucket, neighbourHasCamera };
  }
  throw new Error('No demo model with photos and a neighbour model of its profile');
}

test('[ and ] step to the profile’s neighbour model under the same selection, leaving out what its photos lack', async ({
  page,
  baseURL,
}) => {
  const model = await steppableModel(baseURL as string);
  const search = `?f.cameras-profile=${encodeURIComponent(model.camera)}&p.temperature=${model.bucket}`;
  await signIn(page, 'SUPPORT_MASTER', `/models/${model.id}${search}`);
  await expect(page.getByTestId('summary-selected-photos')).toBeVisible();
  await page.keyboard.press(model.key);
  await expect(page).toHaveURL(new RegExp(`/models/${model.neighbour}\\?`));
  await expect(page).toHaveURL(new RegExp(`p\\.temperature=${model.bucket}`));
  await expect(page.getByRole('heading', { name: new RegExp(`Model #${model.neighbour}\\b`) })).toBeVisible();
  if (model.neighbourHasCamera) {
    await expect(page).toHaveURL(/f\.cameras-profile=/);
    await expect(page.getByTestId('dropped')).toHaveCount(0);
  } else {
    await expect(page).not.toHaveURL(/f\.cameras-profile=/);
    await expect(page.getByTestId('dropped')).toContainText(`Camera ${model.camera}`);
  }
  // Back where we came from, the selection is still the one we left with.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/models/${model.id}\\?f\\.cameras-profile=`));
});
