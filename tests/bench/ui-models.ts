import type { Page } from '@playwright/test';
import type { ModelDetailAnswer, ModelsAnswer } from '../../domain/models';

/**
 * bench:ui's `models` part: the model detail page of the demo model with photos nearest 2,000 (every statistics
 * section drawn with uPlot). Paint: from the detail answer's arrival (its resource timing `responseEnd`) to the frame
 * after every chart's canvas is in the page. Repaint: a sidebar camera box pressed with Space; from the new answer's
 * arrival, and from the key press, to the frame after the charts were redrawn with it (three changes a round). The targets: all
 * charts painted ≤ 500 ms after data; a filter change repaints them ≤ 100 ms.
 */
export interface ModelPaint {
  modelId: number;
  photos: number;
  charts: number;
  paintAfterData: number[];
  repaintAfterData: number[];
  repaintFromKey: number[];
}

type Credentials = { email: string; password: string };

/** The demo's PENDING_REVIEW model nearest 2,000 photos with two cameras or more, read through the API. */
async function chooseModel(origin: string, credentials: Credentials) {
  const login = await fetch(`${origin}/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const post = async <T>(path: string, body: unknown) =>
    (await (
      await fetch(`${origin}/admin/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as T;
  const list = await post<ModelsAnswer>('models/model_management/get_models', {
    filters: [{ kind: 'multi', column: 'state', op: 'equal', value: ['PENDING_REVIEW'] }],
    page_size: 100,
  });
  let best: { id: number; photos: number; cameras: string[]; charts: number } | null = null;
  for (const model of list.models) {
    const detail = await post<ModelDetailAnswer>(`models/model_management/${model.id}`, {});
    const cameras = detail.sidebar
      .flatMap((group) => group.cards)
      .filter((card) => card.key === 'cameras-profile')
      .flatMap((card) => card.subgroups.flatMap((subgroup) => subgroup.items.map((item) => item.label)));
    if (detail.total_photos === 0 || cameras.length < 2) continue;
    const charts = detail.statistics.flatMap((section) => section.charts).length;
    if (!best || Math.abs(detail.total_photos - 2000) < Math.abs(best.photos - 2000)) {
      best = { id: model.id, photos: detail.total_photos, cameras, charts };
    }
  }
  if (!best) throw new Error('no demo model with photos from two cameras');
  return best;
}

/** In the page: the next detail answer's `responseEnd`, and the frame after the charts are drawn (performance.now). */
function watchPaint(page: Page, modelId: number, mode: 'paint' | 'repaint') {
  return page.evaluate(
    ({ modelId, mode }) =>
      new Promise<{ dataAt: number; paintedAt: number; keyAt: number }>((resolve, reject) => {
        const timeout = setTimeout(() => reject(new Error(`no ${mode} within 20 s`)), 20_000);
        const state = window as unknown as { benchKeyAt?: number };
        let dataAt = 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
            if (entry.name.endsWith(`/admin/models/model_management/${modelId}`)) dataAt = entry.responseEnd;
          }
        });
        observer.observe({ type: 'resource', buffered: false });
        const old = new Set(document.querySelectorAll('[data-chart] canvas'));
        const busy = () => document.querySelector('[aria-busy="true"]') !== null;
        let sawBusy = mode === 'paint';
        const check = () => {
          if (busy()) sawBusy = true;
          const canvases = [...document.querySelectorAll('[data-chart] canvas')];
          // A first paint: every canvas is new. A repaint: the page has taken the answer (no longer busy) and its
          // charts were given the new data (their plots are kept and redrawn, so the canvases stay).
          const drawn = canvases.length > 0 && (mode === 'repaint' || canvases.every((canvas) => !old.has(canvas)));
          if (dataAt > 0 && sawBusy && !busy() && drawn) {
            // The frame that shows them: the next animation frame, then after its paint.
            requestAnimationFrame(() =>
              setTimeout(() => {
                observer.disconnect();
                clearTimeout(timeout);
                resolve({ dataAt, paintedAt: performance.now(), keyAt: state.benchKeyAt ?? 0 });
              }),
            );
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
    { modelId, mode },
  );
}

export async function measureModelPaint(
  page: Page,
  origin: string,
  credentials: Credentials,
  rounds: number,
): Promise<ModelPaint> {
  const model = await chooseModel(origin, credentials);
  const result: ModelPaint = {
    modelId: model.id,
    photos: model.photos,
    charts: model.charts,
    paintAfterData: [],
    repaintAfterData: [],
    repaintFromKey: [],
  };
  await page.addInitScript(() => {
    performance.setResourceTimingBufferSize(100_000);
    window.addEventListener(
      'keydown',
      (event) => {
        (window as unknown as { benchKeyAt?: number }).benchKeyAt = event.timeStamp;
      },
      { capture: true },
    );
  });
  for (let round = 0; round < rounds; round++) {
    // A fresh page each round (a list first, so the detail is navigated to like a person would).
    await page.goto(`${origin}/models`);
    await page.getByRole('grid', { name: 'Models' }).waitFor();
    const painted = watchPaint(page, model.id, 'paint');
    await page.evaluate((id) => {
      history.pushState(null, '', `/models/${id}`);
      dispatchEvent(new PopStateEvent('popstate'));
    }, model.id);
    const first = await painted;
    result.paintAfterData.push(first.paintedAt - first.dataAt);
    // Sidebar filters by Space: the first camera on, the second on too, the first off again. Each is a selection not
    // seen since the page loaded (a seen one would be answered from the page's cache, with no request).
    for (const camera of [model.cameras[0], model.cameras[1], model.cameras[0]]) {
      const box = page.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(camera ?? '')} \\d`) });
      await box.focus();
      const repainted = watchPaint(page, model.id, 'repaint');
      await page.keyboard.press('Space');
      const again = await repainted;
      result.repaintAfterData.push(again.paintedAt - again.dataAt);
      result.repaintFromKey.push(again.paintedAt - again.keyAt);
    }
  }
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
