import { labelOf } from '../../domain/labels';
import { formatMoney, type Money } from '../../domain/money';
import {
  type CullingSubscriptionType,
  type CustomerRow,
  cullingSubscriptionLabels,
  customerStatusLabels,
  type SubscriptionType,
  subscriptionLabels,
  suspendReasonLabels,
} from '../../domain/users';

/** The console's one date format (`src/ui/dates`), where the customer views have always imported it from. */
export { formatDate, formatDateTime } from '../../src/ui/dates';

/** ACTIVE or SUSPENDED, as a small coloured badge with the domain's label. */
export function StatusBadge({ status }: { status: CustomerRow['status'] }) {
  const tone = status === 'SUSPENDED' ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success';
  return (
    <span className={`inline-flex rounded px-1.5 py-0.5 text-[11px] font-medium ${tone}`}>
      {customerStatusLabels[status]}
    </span>
  );
}

/** "Annual plan", "Trial metered", … (the domain's label). */
export function subscriptionLabel(type: SubscriptionType): string {
  return subscriptionLabels[type];
}

/** "Monthly", "Free", "None" (the domain's label). */
export function cullingLabel(type: CullingSubscriptionType): string {
  return cullingSubscriptionLabels[type];
}

/** A suspension reason's label ("Suspected fraud"), or the stored value when it is not one of ours. */
export function suspendReasonLabel(reason: string | null): string | null {
  if (!reason) return null;
  return labelOf(suspendReasonLabels, reason);
}

/** Money, or a dash. */
export function formatOptionalMoney(value: Money | null): string {
  return value ? formatMoney(value) : '—';
}
