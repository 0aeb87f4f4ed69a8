import { api } from '../../domain/api';
import { cullingSubscriptionLabels } from '../../domain/users';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { CommandButton } from './CommandButton';
import { FactGroup } from './FactGroup';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** Culling: the plan and credits, with the culling commands the role may run. */
export function CullingTab({ row, target }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.culling, { params: { user_id: row.id } });
  if (!data) return <TabState what="the culling plan" loading={isLoading} error={error} />;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FactGroup
        title="Culling"
        items={[
          ['Subscription', cullingSubscriptionLabels[data.culling_subscription_type]],
          ['Plan', data.plan_info ?? 'No culling plan'],
          ['Plan start', data.plan_start ? formatDateTime(data.plan_start) : null],
          ['Plan end', data.plan_end ? formatDateTime(data.plan_end) : null],
          ['Culling credits', data.culling_credits.toLocaleString()],
        ]}
      >
        <div className="flex flex-wrap gap-2 border-t border-line px-3 py-2">
          <CommandButton commandId="user.grant-free-culling-plan" target={target} />
          <CommandButton commandId="user.grant-culling-credits" target={target} />
          <CommandButton commandId="user.terminate-culling-plan" target={target} variant="danger" />
        </div>
      </FactGroup>
    </div>
  );
}
