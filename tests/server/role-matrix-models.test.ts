import { eq } from 'drizzle-orm';
import { api as catalogue } from '../../domain/api';
import { modelProjects, models } from '../../server/db/schema';
import { insertModelWithEvidence } from './support/models';
import { describeRoleMatrix, type Sample } from './support/role-matrix';

const photos = [
  { project: 0, camera: 'Canon EOS R5', params: { temperature: 5200 } },
  { project: 1, camera: 'Sony ILCE-7M4', params: { temperature: 6100 } },
];
const reviewModel = async (api: Parameters<Sample>[0]) => {
  const { model } = await insertModelWithEvidence(api.db, { photos });
  return { params: { model_id: model.id } };
};

/**
 * Reading models needs see_models (PARTNERS_MANAGER included, marketers not); changing one needs manage_models (ours:
 * the roles holding both see_models and edit_profile).
 */
describeRoleMatrix('models', Object.values(catalogue.models), {
  'models.list': async () => ({ body: {} }),
  'models.detail': async (api) => ({
    ...(await reviewModel(api)),
    body: { selection: { 'cameras-profile': ['Canon EOS R5'] } },
  }),
  'models.updateState': async (api) => {
    const { model } = await insertModelWithEvidence(api.db, { photos });
    return { body: { model_id: model.id, state: 'READY' } };
  },
  'models.lock': async (api) => ({ ...(await reviewModel(api)), body: { message: 'Customer dispute' } }),
  'models.unlock': async (api) => {
    const sample = await reviewModel(api);
    await api.db
      .update(models)
      .set({ locked: true, lockMessage: 'Customer dispute' })
      .where(eq(models.id, sample.params.model_id));
    return sample;
  },
  'models.excludeProject': async (api) => {
    const { model, projects } = await insertModelWithEvidence(api.db, { photos });
    return { params: { model_id: model.id, project_id: projects[0]?.id } };
  },
  'models.includeProject': async (api) => {
    const { model, projects } = await insertModelWithEvidence(api.db, { photos });
    await api.db
      .update(modelProjects)
      .set({ isExcluded: true })
      .where(eq(modelProjects.id, projects[0]?.id ?? 0));
    return { params: { model_id: model.id, project_id: projects[0]?.id } };
  },
  'models.addNote': async (api) => ({ ...(await reviewModel(api)), body: { body: 'Skin tones look right' } }),
});
