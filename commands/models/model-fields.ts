import { api } from '../../domain/api';
import type { FieldSpec } from '../define';

/** The model id field every model command starts with (row menus and the model page fill it in). */
export const modelIdField: FieldSpec = {
  kind: 'number',
  label: 'Model id',
  placeholder: 'e.g. 1042',
  hint: 'The models list and the model page fill this in.',
};

/** What a model command changes: the list and the model page. */
export const modelViews = [api.models.list, api.models.detail];
