import { api } from '../../domain/api';
import { type ContractTiles, renewalStateLabels } from '../../domain/contract-calls';
import { countOf } from '../../domain/labels';
import { formatMoney } from '../../domain/money';
import { can } from '../../domain/permissions';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { formatDate, formatDateTime } from '../../src/ui/dates';
import { EmptyState } from '../../src/ui/EmptyState';
import { CommandButton } from './CommandButton';
import { ContractHistory, MonthlyUsage } from './ContractTables';
import { cancelReasonLabel, count, formatPrice, termsPrefill } from './contract-format';
import { FactGroup } from './FactGroup';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

function ContractFacts({ contract }: { contract: ContractTiles }) {
  const tools = contract.ai_tools;
  return (
    <div className="grid gap-3 md:grid-cols-3" data-testid="contract-tiles">
      <FactGroup
        title="Contract"
        items={[
          ['Start contract', formatDate(contract.start_contract)],
          ['Ends', formatDate(contract.end_date)],
          ['Month', `${contract.month_of_contract} of 12`],
          ['Total price', formatMoney(contract.total_price)],
          ['Monthly payment', formatMoney(contract.monthly_payment)],
          ['Discount', `${contract.discount_percent} %`],
          ['Currency, country', `${contract.currency}, ${contract.country}`],
          ['Created by', contract.created_by],
        ]}
      />
      <FactGroup
        title="Photos and prices"
        items={[
          ['Total photos', count(contract.total_photos)],
          ['Used photos', count(contract.used_photos)],
          ['Remaining photos', count(contract.remaining_photos)],
          ['Price per photo', formatPrice(contract.price_per_photo)],
          ['Crop + straighten', formatPrice(contract.price_per_crop_straighten)],
          ['Subject mask', formatPrice(tools.subject_mask)],
          ['Skin smoothing', formatPrice(tools.smooth_skin)],
          ['Profiles', contract.profiles],
        ]}
      />
      <FactGroup
        title="Money"
        items={[
          ['Paid under contract', formatMoney(contract.paid_under_contract)],
          ['Price to pay for upgrade', formatMoney(contract.price_to_pay_for_upgrade)],
          ['Credit on upgrade', formatMoney(contract.credit_to_user_on_update)],
          ['Price to pay on cancellation', formatMoney(contract.price_to_pay_on_cancellation)],
          ['Credit on cancellation', formatMoney(contract.credit_to_user_on_cancellation)],
          ['Renewal', renewalStateLabels[contract.renewal_state]],
          ['Next plan', contract.next_plan_name],
          ['Next plan monthly', contract.next_plan_cc_price ? formatMoney(contract.next_plan_cc_price) : null],
          [
            'Last changed',
            contract.changed_at ? `${formatDateTime(contract.changed_at)} · ${contract.changed_by}` : null,
          ],
        ]}
      />
    </div>
  );
}

/**
 * Contract: the running yearly contract's tiles, its monthly usage and the past contracts, with the contract
 * commands; without a contract, an empty state offering "New contract".
 */
export function ContractTab({ row, target }: UserTabProps) {
  const params = { params: { user_id: row.id } };
  const { data, isLoading, error } = useCall(api.contracts.contract, params);
  // The cancel form's reasons, fetched ahead so its select is ready (and focused) the moment the form opens.
  const { userRole } = useSession();
  useCall(api.contracts.cancelOptions, can(userRole, 'manage_corporate_contracts') ? {} : null);
  if (!data) return <TabState what="the contract" loading={isLoading} error={error} />;
  const contract = data.contract;
  return (
    <div className="flex flex-col gap-3">
      {contract ? (
        <>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-line bg-panel px-3 py-2">
            <p className="text-sm">
              <span className="text-muted">Annual plan </span>
              <span className="font-semibold tabular-nums" data-testid="contract-summary">
                {countOf(contract.total_photos, 'edit')} · {formatMoney(contract.total_price)} a year ·{' '}
                {formatMoney(contract.monthly_payment)} a month
              </span>
            </p>
            <span className="flex-1" />
            <CommandButton
              commandId="contracts.upgrade"
              target={target}
              label="Upgrade"
              prefill={termsPrefill(contract)}
            />
            <CommandButton
              commandId="contracts.next-period"
              target={target}
              label="Next period"
              prefill={{
                number_of_edits: String(contract.total_photos),
                price_per_edit: termsPrefill(contract).price_per_edit ?? '',
                renewal_state: contract.renewal_state,
              }}
            />
            <CommandButton commandId="contracts.cancel" target={target} label="Cancel contract" variant="danger" />
          </div>
          <ContractFacts contract={contract} />
          <MonthlyUsage userId={row.id} />
        </>
      ) : (
        <EmptyState
          title="No running yearly contract"
          message={`${target.name} pays as they go. A yearly contract commits to a number of edits at a discount, paid monthly.`}
        >
          <CommandButton commandId="contracts.new" target={target} label="New contract" size="md" variant="primary" />
        </EmptyState>
      )}
      <ContractHistory userId={row.id} reasonLabel={cancelReasonLabel} />
    </div>
  );
}
