import { api } from '../../domain/api';
import { formatMoney } from '../../domain/money';
import type { CustomerRow } from '../../domain/users';
import { useCall } from '../../src/http';
import { cullingLabel, formatDate, subscriptionLabel } from '../users/customer-format';

/**
 * The customer's key facts in one line under their name: how to reach them, who they are, what they pay for and when
 * they are charged next (`general_details/tiles`). Each fact is said once here; the tabs hold the details.
 */
export function HeaderFacts({ row }: { row: CustomerRow }) {
  const { data } = useCall(api.userDetails.tiles, { params: { user_id: row.id } });
  const next = data?.next_charge;
  const nextCharge = !next
    ? null
    : next.date
      ? `Next charge ${next.amount ? `${formatMoney(next.amount)} ` : ''}on ${formatDate(next.date)}`
      : 'No charge scheduled';
  const facts = [
    row.email,
    `#${row.id}`,
    row.business_name,
    row.country,
    subscriptionLabel(row.subscription_type),
    row.culling_subscription_type !== 'NONE' ? `Culling: ${cullingLabel(row.culling_subscription_type)}` : null,
    `Customer since ${formatDate(row.date_added)}`,
    nextCharge,
  ].filter((fact): fact is string => Boolean(fact));
  return (
    // Each fact brings its separator in front; the list is shifted left by one separator inside a clipping frame, so
    // a line (the first, or one that wrapped) never starts with a dot.
    <div className="overflow-hidden">
      <ul aria-label="Customer facts" className="-ml-4 flex flex-wrap text-xs text-muted">
        {facts.map((fact) => (
          <li key={fact} className="whitespace-nowrap">
            <span aria-hidden="true" className="inline-block w-4 text-center">
              ·
            </span>
            {fact}
          </li>
        ))}
      </ul>
    </div>
  );
}
