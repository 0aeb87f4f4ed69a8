import { api } from '../../../domain/api';
import { addTrialPhotosReasons, giveCreditReasons } from '../../../domain/user-actions';
import { handle } from '../../http/handler';

/** The fixed list of reasons for adding trial photos. */
export const getAddTrialPhotosReasons = handle(api.userActions.addTrialPhotosReasons, async () =>
  addTrialPhotosReasons.map(({ value, label }) => ({ value, label })),
);

/** The spec's give-credit reasons. */
export const getGiveCreditReasons = handle(api.userActions.giveCreditReasons, async () =>
  giveCreditReasons.map(({ value, label }) => ({ value, label })),
);
