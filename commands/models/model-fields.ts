import { api } from '../../domain/api';
import type { FieldSpec } from '../define';
import { modelField } from '../record-choices';

/** The model every model command starts with: a chooser (row menus and the model page fill it in). */
export const modelIdField: FieldSpec = modelField;

/** What a model command changes: the list and the model page. */
export const modelViews = [api.models.list, api.models.detail];
