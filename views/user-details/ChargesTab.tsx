import { cardText } from '../../commands/charges/retry-preview';
import { api } from '../../domain/api';
import { type ChargeRow, type ChargesAnswer, chargeKindLabels, chargeStatusLabels } from '../../domain/charges';
import { formatMoney } from '../../domain/money';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { CommandButton } from './CommandButton';
import { DetailTable } from './DetailTable';
import { RecordRowMenu } from './RecordRowMenu';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

function ChargeStatus({ charge }: { charge: ChargeRow }) {
  const failed = charge.status === 'FAILED';
  const tone = failed ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success';
  const status = chargeStatusLabels[charge.status];
  const text = charge.kind === 'REFUND' ? `${chargeKindLabels.REFUND} ${status.toLowerCase()}` : status;
  return <span className={`inline-flex rounded px-1.5 py-0.5 text-[11px] font-medium ${tone}`}>{text}</span>;
}

function InvoiceCell({ charge }: { charge: ChargeRow }) {
  if (!charge.invoice) return <span className="text-faint">—</span>;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {charge.invoice.number}
      <span className="text-muted">
        {charge.invoice.version === null ? ' · not issued yet' : ` · v${charge.invoice.version}`}
      </span>
    </span>
  );
}

/** The customer's open failed charge, loud, with the commands that settle it. */
function FailedChargeBanner({ meta, target }: { meta: ChargesAnswer['meta'] } & Pick<UserTabProps, 'target'>) {
  const failed = meta.failed_charge;
  if (!failed) return null;
  const retries = failed.retries === 1 ? '1 retry so far' : `${failed.retries} retries so far`;
  return (
    <section
      aria-label="Failed charge"
      data-testid="failed-charge-banner"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-danger/50 bg-danger-soft px-3 py-2"
    >
      <p className="text-sm">
        <span className="font-semibold text-danger">Failed charge {formatMoney(failed.amount)}</span>
        <span className="text-muted">
          {' '}
          · {failed.reason ?? 'reason not recorded'} · {retries} · card: {cardText(meta.payment_method)}
        </span>
      </p>
      <span className="flex-1" />
      <CommandButton
        commandId="charges.retry-charge"
        target={target}
        size="md"
        variant="primary"
        label="Retry charge"
      />
      <CommandButton commandId="charges.charge-and-unsuspend" target={target} size="md" />
    </section>
  );
}

/** Charges: every card movement, newest first, with the failed-charge banner and each row's invoice menu. */
export function ChargesTab({ row, target }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.charges.list, { params: { user_id: row.id } });
  if (!data) return <TabState what="the charges" loading={isLoading} error={error} />;
  const { meta } = data;
  const shown = data.charges.length;
  return (
    <div className="flex flex-col gap-3">
      <FailedChargeBanner meta={meta} target={target} />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-line bg-panel px-3 py-2 text-sm">
        <p>
          <span className="text-muted">Charges </span>
          <span className="font-semibold tabular-nums">{meta.total_number_of_charges}</span>
          {shown < meta.total_number_of_charges && <span className="text-muted"> (newest {shown} shown)</span>}
        </p>
        <p>
          <span className="text-muted">Card on file </span>
          <span className="font-semibold">{cardText(meta.payment_method)}</span>
        </p>
        <span className="flex-1" />
        <CommandButton commandId="charges.download-invoice" target={target} label="Download latest invoice" />
      </div>
      <DetailTable
        label="Charges"
        rows={data.charges}
        rowKey={(charge) => charge.id}
        empty="No charges yet."
        columns={[
          // The id the charge commands take (refund, invoices), as every page writes it.
          { header: 'Charge', cell: (charge) => <span className="tabular-nums">#{charge.id}</span> },
          {
            header: 'Date',
            cell: (charge) => <span className="whitespace-nowrap">{formatDateTime(charge.date)}</span>,
          },
          { header: 'Amount', money: true, cell: (charge) => formatMoney(charge.amount) },
          { header: 'Description', cell: (charge) => charge.description },
          { header: 'Vendor', cell: (charge) => charge.charging_vendor },
          { header: 'Status', cell: (charge) => <ChargeStatus charge={charge} /> },
          {
            header: 'Failure reason',
            cell: (charge) => charge.failure_reason ?? <span className="text-faint">—</span>,
          },
          { header: 'Invoice', cell: (charge) => <InvoiceCell charge={charge} /> },
          {
            header: 'Actions',
            cell: (charge) => (
              <RecordRowMenu kind="charge" id={charge.id} quickActions={charge.quick_actions} target={target} />
            ),
          },
        ]}
      />
    </div>
  );
}
