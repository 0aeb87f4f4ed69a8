/** One load of bench:api: a call's path and body. */
export interface ModelCase {
  name: string;
  path: string;
  body: object;
}

type Send = (request: { path: string; body?: unknown }) => Promise<Response>;

/**
 * bench:api's models cases: the list's first page with its count (`{}`), and the detail with every statistics section
 * of the model whose recorded training photos are nearest 2,000, without and with a sidebar selection (its most used
 * camera). The model is looked up through the same calls.
 */
export async function modelCases(send: Send): Promise<ModelCase[]> {
  const cases: ModelCase[] = [{ name: 'get_models p1 (count)', path: 'models/model_management/get_models', body: {} }];
  const review = await send({
    path: 'models/model_management/get_models',
    body: {
      filters: [
        { kind: 'multi', column: 'state', op: 'equal', value: ['PENDING_REVIEW'] },
        { kind: 'number', column: 'total_number_of_photos', op: 'gte', value: 1200 },
      ],
      page_size: 100,
    },
  });
  const candidates = ((await review.json()) as { models: { id: number }[] }).models;
  let best: { id: number; photos: number; camera: string | null } | null = null;
  for (const candidate of candidates) {
    const answer = (await (await send({ path: `models/model_management/${candidate.id}`, body: {} })).json()) as {
      total_photos: number;
      sidebar: { cards: { key: string; subgroups: { items: { value: string }[] }[] }[] }[];
    };
    if (answer.total_photos === 0) continue;
    const camera =
      answer.sidebar.flatMap((group) => group.cards).find((card) => card.key === 'cameras-profile')?.subgroups[0]
        ?.items[0]?.value ?? null;
    if (!best || Math.abs(answer.total_photos - 2000) < Math.abs(best.photos - 2000)) {
      best = { id: candidate.id, photos: answer.total_photos, camera };
    }
  }
  if (!best) {
    console.log('  models: no model with recorded training photos (see the seed’s modelEvidencePhotos)');
    return cases;
  }
  const path = `models/model_management/${best.id}`;
  cases.push({ name: `model ${best.photos} photos, all`, path, body: {} });
  if (best.camera) {
    cases.push({
      name: `model ${best.photos} photos, 1 camera`,
      path,
      body: { selection: { 'cameras-profile': [best.camera] } },
    });
  }
  return cases;
}
