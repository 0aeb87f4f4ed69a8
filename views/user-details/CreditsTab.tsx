import { api } from '../../domain/api';
import { labelOf } from '../../domain/labels';
import { formatMoney } from '../../domain/money';
import { giveCreditReasons } from '../../domain/user-actions';
import { creditSourceLabels } from '../../domain/user-details';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { CommandButton } from './CommandButton';
import { DetailTable } from './DetailTable';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** A give-credit reason's label; other codes (e.g. CUSTOM_CREDIT_PACKAGE) read as a sentence: "Custom credit package". */
function reasonLabel(reason: string): string {
  const known = giveCreditReasons.find((entry) => entry.value === reason)?.label;
  if (known) return known;
  if (!/^[A-Z0-9_]+$/.test(reason)) return reason;
  const words = reason.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Credits: every credit given, newest first, with the total and the count; "Give credit" runs the command. */
export function CreditsTab({ row, target }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.credits, { params: { user_id: row.id } });
  if (!data) return <TabState what="the credits" loading={isLoading} error={error} />;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-line bg-panel px-3 py-2">
        <p className="text-sm">
          <span className="text-muted">Total credits </span>
          <span data-testid="total-credits" className="font-semibold tabular-nums">
            {formatMoney(data.total_credits)}
          </span>
        </p>
        <p className="text-sm">
          <span className="text-muted">Entries </span>
          <span className="font-semibold tabular-nums">{data.total_credits_rows}</span>
        </p>
        <span className="flex-1" />
        <CommandButton commandId="user.give-credit" target={target} size="md" variant="primary" />
      </div>
      <DetailTable
        label="Credits"
        rows={data.credits}
        rowKey={(credit) => credit.id}
        empty="No credits given yet."
        columns={[
          { header: 'Date', cell: (credit) => formatDateTime(credit.date) },
          { header: 'Amount', money: true, cell: (credit) => formatMoney(credit.value) },
          { header: 'Reason', cell: (credit) => reasonLabel(credit.reason) },
          { header: 'Description', cell: (credit) => credit.description || <span className="text-faint">—</span> },
          { header: 'Source', cell: (credit) => labelOf(creditSourceLabels, credit.source) },
          { header: 'Given by', cell: (credit) => credit.given_by ?? <span className="text-faint">—</span> },
        ]}
      />
    </div>
  );
}
