import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bucketOf, modelParameters } from '../../domain/model-parameters';
import type { ModelChart, ModelDetailAnswer } from '../../domain/models';
import { auditLog, models, profiles } from '../../server/db/schema';
import { bucketsOfText } from '../../server/models/statistics';
import { describeEachBackend } from './support/backends';
import { insertModelWithEvidence, type TestPhoto } from './support/models';
import { type Client, useTestApi } from './support/test-api';

/** The known data set: six photos in two training sets, two cameras, one JPG. */
const photos: TestPhoto[] = [
  { project: 0, camera: 'Canon EOS R5', params: { temperature: 5000, exposure: 100 } },
  { project: 0, camera: 'Canon EOS R5', params: { temperature: 5100, exposure: 50 } },
  { project: 0, camera: 'Sony ILCE-7M4', fileType: 'JPG', params: { temperature: 5600, exposure: -25 } },
  { project: 1, camera: 'Sony ILCE-7M4', params: { temperature: 5600, exposure: 0 } },
  { project: 1, camera: 'Sony ILCE-7M4', params: { temperature: 6000, exposure: 0 } },
  { project: 1, camera: 'Canon EOS R5', processVersion: 'Version 5', params: { temperature: 4990, exposure: 0 } },
];

const chart = (answer: ModelDetailAnswer, key: string): ModelChart => {
  const found = answer.statistics.flatMap((section) => section.charts).find((each) => each.key === key);
  if (!found) throw new Error(`no chart ${key}`);
  return found;
};
const facetTotals = (answer: ModelDetailAnswer, key: string) =>
  Object.fromEntries(
    answer.sidebar
      .flatMap((group) => group.cards)
      .filter((card) => card.key === key)
      .flatMap((card) => card.subgroups.flatMap((subgroup) => subgroup.items))
      .flatMap((item) => (item.options.length > 0 ? item.options : [item]))
      .map((item) => [item.value, item.total]),
  );

describeEachBackend('models: list, detail with sidebar and statistics', (backend) => {
  const t = useTestApi(backend);
  let master: Client;
  beforeAll(async () => {
    master = await t.api.signIn('SUPPORT_MASTER');
  });

  it('lists models with {} (headers, rows, total) and filters by state', async () => {
    const { model } = await insertModelWithEvidence(t.api.db, { photos });
    const all = await master.post(t.api.models.list, {}, {});
    expect(all.status).toBe(200);
    expect(all.json.headers.map((header) => header.key)).toContain('state');
    expect(all.json.meta.total_number_of_models).toBeGreaterThan(0);
    const review = await master.post(
      t.api.models.list,
      {},
      {
        filters: [
          { kind: 'multi', column: 'state', op: 'equal', value: ['PENDING_REVIEW'] },
          { kind: 'number', column: 'id', op: 'eq', value: model.id },
        ],
      },
    );
    expect(review.json.models).toHaveLength(1);
    expect(review.json.models[0]).toMatchObject({
      id: model.id,
      state: 'PENDING_REVIEW',
      profile_name: 'Wedding Warm',
      type: { value: 'RAW', label: 'RAW' },
      locked: false,
    });
    expect(review.json.models[0]?.quick_actions.map((action) => action.name)).toEqual([
      'CHANGE_STATE',
      'LOCK_MODEL',
      'OPEN_PROFILE',
      'OPEN_CUSTOMER',
    ]);
    const partners = await t.api.signIn('PARTNERS_MANAGER');
    const seen = await partners.post(
      t.api.models.list,
      {},
      { filters: [{ kind: 'number', column: 'id', op: 'eq', value: model.id }] },
    );
    expect(seen.json.models[0]?.quick_actions[0]).toEqual({
      name: 'CHANGE_STATE',
      is_disabled: true,
      disable_message: 'Only admins and support agents may change models',
    });
  });

  it('computes statistics in SQL that match the hand-computed example', async () => {
    const { model, models: all } = await insertModelWithEvidence(t.api.db, {
      photos,
      states: ['DEPRECATED', 'PENDING_REVIEW'],
    });
    const detail = await master.post(t.api.models.detail, { model_id: model.id }, {});
    expect(detail.status).toBe(200);
    expect(detail.json.total_photos).toBe(6);
    expect(detail.json.selected_photos).toBe(6);
    expect(detail.json.model_pagination).toEqual({
      total_models: 2,
      current_model: 2,
      previous_model_id: all[0]?.id,
      next_model_id: null,
    });
    const temperature = chart(detail.json, 'temperature');
    expect(temperature.chart_data.map((point) => [point.value, point.total, point.percentage])).toEqual([
      [4750, 1, 16.7],
      [5000, 2, 33.3],
      [5250, 0, 0],
      [5500, 2, 33.3],
      [5750, 0, 0],
      [6000, 1, 16.7],
    ]);
    expect(temperature.filters.most_common).toMatchObject({ parameter_value: 5000, total: 2, percentage: 33.3 });
    expect(temperature.mean).toBe('5382 K');
    expect(chart(detail.json, 'exposure').mean).toBe('+0.21 EV');
    expect(detail.json.statistics.map((section) => section.key)).toEqual([
      'basic',
      'hsl',
      'tone_curve',
      'color_grading',
      'calibration',
      'crop',
      'detail',
    ]);
    expect(chart(detail.json, 'tone_curve_average').kind).toBe('curve');
  });

  it('narrows photos, projects, facet counts and charts by the sidebar and by a chart value', async () => {
    const { model } = await insertModelWithEvidence(t.api.db, { photos });
    const sony = await master.post(
      t.api.models.detail,
      { model_id: model.id },
      { selection: { 'cameras-profile': ['Sony ILCE-7M4'] } },
    );
    expect(sony.status).toBe(200);
    expect(sony.json.total_photos).toBe(6);
    expect(sony.json.selected_photos).toBe(3);
    expect(facetTotals(sony.json, 'cameras-profile')).toEqual({ 'Canon EOS R5': 3, 'Sony ILCE-7M4': 3 });
    expect(facetTotals(sony.json, 'model-type')).toEqual({ ALL: 3, RAW: 2, JPG: 1 });
    expect(chart(sony.json, 'temperature').chart_data.map((point) => [point.value, point.total])).toEqual([
      [5500, 2],
      [5750, 0],
      [6000, 1],
    ]);
    expect(sony.json.projects.map((project) => [project.name, project.selected_photos])).toEqual([
      ['Set 1', 1],
      ['Set 2', 2],
    ]);
    const warm = await master.post(
      t.api.models.detail,
      { model_id: model.id },
      {
        selection: { 'model-type': ['RAW'] },
        parameters: { temperature: [5500] },
      },
    );
    expect(warm.json.selected_photos).toBe(1);
    expect(chart(warm.json, 'temperature').filters.most_common).toMatchObject({
      parameter_value: 5500,
      selected: true,
    });
  });

  it('answers 400 naming an unknown sidebar key, value or chart parameter, and 404 for an unknown model', async () => {
    const { model } = await insertModelWithEvidence(t.api.db, { photos });
    const cases: [object, string][] = [
      [{ selection: { lens: ['RF 85mm'] } }, '"lens" is not a sidebar key'],
      [{ selection: { 'cameras-profile': ['Leica M11'] } }, '"Leica M11" is not a value of this model'],
      [{ selection: { 'model-type': ['RAW', 'JPG'] } }, 'takes one value'],
      [{ parameters: { sparkle: [10] } }, '"sparkle" is not a statistics parameter'],
      [{ parameters: { temperature: [5100] } }, "5100 is not the start of one of temperature's buckets"],
    ];
    for (const [body, message] of cases) {
      const refused = await master.post(t.api.models.detail, { model_id: model.id }, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.error.detail).toContain(message);
    }
    const missing = await master.post(t.api.models.detail, { model_id: 987654321 }, {});
    expect(missing.status).toBe(404);
    expect(missing.error.detail).toBe('No model with this id');
  });

  it('excludes a training project from the statistics and includes it back, as audited commands', async () => {
    const { model, projects } = await insertModelWithEvidence(t.api.db, { photos });
    const second = projects[1]?.id ?? 0;
    const excluded = await master.post(t.api.models.excludeProject, { model_id: model.id, project_id: second });
    expect(excluded.status).toBe(200);
    expect(excluded.json.project).toMatchObject({ is_excluded: true, selected_photos: 3 });
    expect((await master.post(t.api.models.excludeProject, { model_id: model.id, project_id: second })).status).toBe(
      409,
    );
    const detail = await master.post(t.api.models.detail, { model_id: model.id }, {});
    expect(detail.json.selected_photos).toBe(3);
    expect(detail.json.projects.find((project) => project.id === second)?.is_excluded).toBe(true);
    const included = await master.post(t.api.models.includeProject, { model_id: model.id, project_id: second });
    expect(included.json.project.is_excluded).toBe(false);
    const other = await insertModelWithEvidence(t.api.db, { photos });
    const foreign = await master.post(t.api.models.excludeProject, {
      model_id: model.id,
      project_id: other.projects[0]?.id ?? 0,
    });
    expect(foreign.status).toBe(404);
    const audit = await t.api.db.select().from(auditLog).where(eq(auditLog.callId, 'models.excludeProject'));
    expect(audit.some((row) => row.targetId === String(model.id) && row.outcome === 'ok')).toBe(true);
  });

  it('adds profile notes (also on a locked model) and shows them newest first', async () => {
    const { model } = await insertModelWithEvidence(t.api.db, { photos });
    await t.api.db.update(models).set({ locked: true, lockMessage: 'Audit' }).where(eq(models.id, model.id));
    const first = await master.post(t.api.models.addNote, { model_id: model.id }, { body: 'Skin tones too orange' });
    expect(first.status).toBe(200);
    expect(first.json.note).toMatchObject({ body: 'Skin tones too orange', model_id: model.id });
    expect((await master.post(t.api.models.addNote, { model_id: model.id }, { body: '   ' })).status).toBe(400);
    const detail = await master.post(t.api.models.detail, { model_id: model.id }, {});
    expect(detail.json.profile_notes.map((note) => note.body)).toEqual(['Skin tones too orange']);
    expect(detail.json.lock).toEqual({ is_locked: true, lock_message: 'Audit' });
  });

  it('keeps the profile pointing at its READY model', async () => {
    const {
      model,
      models: all,
      profile,
    } = await insertModelWithEvidence(t.api.db, {
      photos,
      states: ['READY', 'PENDING_REVIEW'],
    });
    await t.api.db
      .update(profiles)
      .set({ currentModelId: all[0]?.id ?? null, state: 'READY' })
      .where(eq(profiles.id, profile.id));
    const ready = await master.post(t.api.models.updateState, {}, { model_id: model.id, state: 'READY' });
    expect(ready.status).toBe(200);
    const [stored] = await t.api.db.select().from(profiles).where(eq(profiles.id, profile.id));
    expect(stored?.currentModelId).toBe(model.id);
    const [older] = await t.api.db
      .select()
      .from(models)
      .where(eq(models.id, all[0]?.id ?? 0));
    expect(older?.state).toBe('DEPRECATED');
  });
});

describe('gathered parameter values', () => {
  it('puts every value of every photo in its bucket, negatives and nulls included', () => {
    const temperature = modelParameters[0];
    const tint = modelParameters[1];
    if (!temperature || !tint) throw new Error('parameters missing');
    // Two photos: temperature 5000 / 5100, tint -12 / (null); they have no other values.
    const cells = bucketsOfText('5000,-12;5100,');
    const of = (k: number) => cells.filter((cell) => cell.k === k);
    // 5000 and 5100 share temperature's 250 K bucket starting at 5000.
    expect(of(1)).toEqual([{ k: 1, start: bucketOf(temperature, 5100), photos: 2, sum: 10_100 }]);
    expect(of(2)).toEqual([{ k: 2, start: bucketOf(tint, -12), photos: 1, sum: -12 }]);
    expect(bucketsOfText('')).toEqual([]);
  });
});
