import { api } from '../../domain/api';
import { revertModelForm } from '../../domain/profiles';
import { call } from '../../src/http';
import { defineCommand } from '../define';
import { revertModelField } from '../linked-choices';
import { profileField, profileViews } from './profile-choice';

/** The model to revert to: the one given, else the newest the finetune history offers REVERT on. */
async function modelToRevertTo(profileId: number, modelId: number | undefined, signal: AbortSignal) {
  if (modelId !== undefined) return modelId;
  const history = await call(api.profiles.finetuneHistory, { params: { profile_id: profileId } }, { signal });
  const model = history.rows.find((row) => row.action === 'REVERT');
  if (!model) throw new Error('This profile has no earlier finished model to revert to.');
  return model.model_id;
}

export default defineCommand({
  id: 'profile.revert-to-model',
  title: 'Revert profile to a model',
  group: 'Customer',
  permission: 'edit_profile',
  target: 'user',
  keywords: ['profile', 'model', 'finetune', 'undo', 'rollback', 'last model'],
  params: {
    schema: revertModelForm,
    fields: {
      profile_id: profileField,
      model_id: revertModelField,
    },
  },
  confirm: 'destructive',
  consequence: (target, params) =>
    `${target.name}’s profile #${params.profile_id} edits with ${params.model_id ? `model #${params.model_id}` : 'its newest earlier model'} from now on; the model it uses now is kept as deprecated.`,
  run: async ({ params, signal }) => {
    const modelId = await modelToRevertTo(params.profile_id, params.model_id, signal);
    return call(
      api.profiles.revertToModel,
      { params: { profile_id: params.profile_id, model_id: modelId } },
      { signal },
    );
  },
  revalidates: profileViews,
  successMessage: ({ params }) => `Profile #${params.profile_id} reverted`,
});
