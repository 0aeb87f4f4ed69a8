import useSWR from 'swr';
import { api } from '../../domain/api';
import type { ModelDetailAnswer } from '../../domain/models';
import { type ApiError, call } from '../../src/http';
import type { ModelSelection } from './selection-url';

/** One model's evidence through `POST models/model_management/{id}` for a selection; the last answer stays shown. */
export function useModelDetail(modelId: number, selection: ModelSelection) {
  const key =
    Number.isInteger(modelId) && modelId > 0 ? [api.models.detail.id, modelId, JSON.stringify(selection)] : null;
  return useSWR<ModelDetailAnswer, ApiError>(
    key,
    () => call(api.models.detail, { params: { model_id: modelId }, body: selection }),
    { keepPreviousData: true },
  );
}
