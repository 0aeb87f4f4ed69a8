import type { UserTarget } from '../../commands/target';
import { api } from '../../domain/api';
import { countOf } from '../../domain/labels';
import { type FinetuneRow, modelStateLabels } from '../../domain/profiles';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { CommandButton } from './CommandButton';
import { DetailTable } from './DetailTable';
import { ProfilePanel } from './ProfilePanel';
import { TabState } from './TabState';

interface FinetuneHistoryProps {
  profileId: number;
  /** The profile's name, for the heading. */
  name: string;
  /** The customer whose tab it is (the revert command acts for them). */
  target: UserTarget;
  onClose: () => void;
}

function ModelState({ model }: { model: FinetuneRow }) {
  return (
    <span className="whitespace-nowrap">
      {modelStateLabels[model.state]}
      {model.is_current && <span className="ml-1.5 rounded bg-accent-soft px-1 text-xs text-accent">current</span>}
    </span>
  );
}

/**
 * A profile's finetune history (its models, newest first), opened from a row of the Profiles tab.
 */
export function FinetuneHistory({ profileId, name, target, onClose }: FinetuneHistoryProps) {
  const { data, isLoading, error } = useCall(api.profiles.finetuneHistory, { params: { profile_id: profileId } });
  return (
    <ProfilePanel
      id="finetune-history"
      title={`Finetune history · ${name}`}
      summary={
        data && (
          <>
            {countOf(data.meta.total_number_of_models, 'model')}
            {data.rows.length < data.meta.total_number_of_models && ` (newest ${data.meta.max_models} shown)`}
          </>
        )
      }
      onClose={onClose}
    >
      {data ? (
        <DetailTable
          label={`Finetune history of ${name}`}
          rows={data.rows}
          rowKey={(model) => model.model_id}
          empty="No model trained yet."
          columns={[
            { header: 'Created', cell: (model) => formatDateTime(model.creation_date) },
            { header: 'Model', cell: (model) => `#${model.model_id}` },
            { header: 'State', cell: (model) => <ModelState model={model} /> },
            { header: 'Photos', numeric: true, cell: (model) => model.photos_in_model.toLocaleString('en-US') },
            {
              header: 'Action',
              cell: (model) =>
                model.action === 'REVERT' ? (
                  <CommandButton
                    commandId="profile.revert-to-model"
                    target={target}
                    prefill={{ profile_id: String(profileId), model_id: String(model.model_id) }}
                    label={`Revert to #${model.model_id}`}
                  />
                ) : (
                  <span className="text-faint">—</span>
                ),
            },
          ]}
        />
      ) : (
        <TabState what="the finetune history" loading={isLoading} error={error} />
      )}
    </ProfilePanel>
  );
}
