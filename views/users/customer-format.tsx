import { formatMoney, type Money } from '../../domain/money';
import { type CustomerRow, type SubscriptionType, subscriptionLabels, suspendReasons } from '../../domain/users';

/** ACTIVE or SUSPENDED, as a small coloured badge. */
export function StatusBadge({ status }: { status: CustomerRow['status'] }) {
  const tone = status === 'SUSPENDED' ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success';
  return (
    <span className={`inline-flex rounded px-1.5 py-0.5 text-[11px] font-medium tracking-wide uppercase ${tone}`}>
      {status.toLowerCase()}
    </span>
  );
}

/** "Annual Plan", "Trial metered", … */
export function subscriptionLabel(type: SubscriptionType): string {
  return subscriptionLabels[type];
}

/** A suspension reason's label ("Suspected fraud"), or the stored value when it is not one of ours. */
export function suspendReasonLabel(reason: string | null): string | null {
  if (!reason) return null;
  return suspendReasons.find((known) => known.value === reason)?.label ?? reason;
}

/** A date and time in the reader's locale; the raw text when it is not a date. */
export function formatDateTime(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Money, or a dash. */
export function formatOptionalMoney(value: Money | null): string {
  return value ? formatMoney(value) : '—';
}
