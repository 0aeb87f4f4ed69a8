import { api } from '../../domain/api';
import { contractStateLabels } from '../../domain/contract-calls';
import { formatMoney } from '../../domain/money';
import { useCall } from '../../src/http';
import { formatDate } from '../../src/ui/dates';
import { count, formatPrice } from './contract-format';
import { DetailTable } from './DetailTable';
import { TabState } from './TabState';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-1.5">
      <h2 className="text-xs font-semibold text-muted uppercase">{title}</h2>
      {children}
    </section>
  );
}

/** The running contract's usage, a row per month (spec §3 "Monthly usage"). */
export function MonthlyUsage({ userId }: { userId: number }) {
  const { data, isLoading, error } = useCall(api.contracts.monthlyUsage, { params: { user_id: userId } });
  return (
    <Section title="Monthly usage">
      {data ? (
        <DetailTable
          label="Monthly usage"
          rows={data.months}
          rowKey={(month) => month.starting_date}
          empty="No usage recorded under this contract yet."
          columns={[
            { header: 'Month from', cell: (month) => formatDate(month.starting_date) },
            { header: 'Photos', numeric: true, cell: (month) => count(month.number_of_photos) },
            { header: 'Straighten', numeric: true, cell: (month) => count(month.straightening) },
            { header: 'Crops', numeric: true, cell: (month) => count(month.crops) },
            { header: 'Masks', numeric: true, cell: (month) => count(month.subject_masks) },
            { header: 'Skin', numeric: true, cell: (month) => count(month.skin_smooth) },
            { header: 'HDR', numeric: true, cell: (month) => count(month.hdr_merge) },
            { header: 'Perspective', numeric: true, cell: (month) => count(month.perspective_correction) },
            { header: 'Portrait crops', numeric: true, cell: (month) => count(month.portrait_crops) },
            { header: 'Teeth', numeric: true, cell: (month) => count(month.whiten_teeth) },
            { header: 'Extra charge', money: true, cell: (month) => formatMoney(month.extra_charge) },
          ]}
        />
      ) : (
        <TabState what="the monthly usage" loading={isLoading} error={error} />
      )}
    </Section>
  );
}

/** Contracts that no longer run: ended, cancelled, or terms replaced by an upgrade. */
export function ContractHistory({
  userId,
  reasonLabel,
}: {
  userId: number;
  reasonLabel: (reason: string | null) => string | null;
}) {
  const { data, isLoading, error } = useCall(api.contracts.history, { params: { user_id: userId } });
  return (
    <Section title="Past contracts">
      {data ? (
        <DetailTable
          label="Past contracts"
          rows={data.past_contracts}
          rowKey={(contract) => contract.id}
          empty="No past contracts."
          columns={[
            { header: 'Start', cell: (contract) => formatDate(contract.start_date) },
            { header: 'End', cell: (contract) => formatDate(contract.end_date) },
            { header: 'State', cell: (contract) => contractStateLabels[contract.state] },
            {
              header: 'Cancellation reason',
              cell: (contract) =>
                [reasonLabel(contract.cancellation_reason), contract.cancellation_description]
                  .filter(Boolean)
                  .join(': ') || <span className="text-faint">—</span>,
            },
            { header: 'Total photos', numeric: true, cell: (contract) => count(contract.total_photos) },
            { header: 'Used photos', numeric: true, cell: (contract) => count(contract.used_photos) },
            { header: 'Price per edit', money: true, cell: (contract) => formatPrice(contract.price_per_edit) },
            { header: 'Yearly total', money: true, cell: (contract) => formatMoney(contract.yearly_total) },
          ]}
        />
      ) : (
        <TabState what="the past contracts" loading={isLoading} error={error} />
      )}
    </Section>
  );
}
