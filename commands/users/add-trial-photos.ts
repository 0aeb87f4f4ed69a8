import { api } from '../../domain/api';
import { addTrialPhotosBody, trialPhotosCap } from '../../domain/user-actions';
import { call } from '../../src/http';
import { defineCommand, optionsFrom } from '../define';

export default defineCommand({
  id: 'user.add-trial-photos',
  title: 'Add trial photos',
  group: 'Customer',
  permission: 'add_trial_photos_capped',
  target: 'user',
  shortcut: 'Shift+T',
  keywords: ['trial', 'photos', 'extend trial', 'more'],
  params: {
    schema: addTrialPhotosBody,
    fields: {
      amount: {
        kind: 'number',
        label: 'Photos',
        placeholder: 'e.g. 200',
        hint: ({ target }) =>
          `At most ${trialPhotosCap} per action.${target?.row ? ` Now ${target.row.photos_for_trial} used.` : ''}`,
      },
      reason: {
        kind: 'select',
        label: 'Reason',
        placeholder: 'Choose a reason…',
        options: optionsFrom(api.userActions.addTrialPhotosReasons, {}, (answer) => answer),
      },
      description: { kind: 'textarea', label: 'Description', placeholder: 'Optional: context for whoever reads this' },
    },
  },
  confirm: false,
  run: ({ target, params, signal }) =>
    call(api.userActions.addTrialPhotos, { params: { user_id: target.id }, body: params }, { signal }),
  revalidates: [api.users.get, api.users.search, api.users.lastViewed, api.userDetails.activity, api.userDetails.audit],
  bulk: 'add_trial_photos',
  successMessage: ({ target, params }) => `${params.amount} trial photos added for ${target.name}`,
});
