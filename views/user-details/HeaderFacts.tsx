import type { CustomerRow } from '../../domain/users';
import { formatDate } from '../users/customer-format';

/**
 * Who the customer is, in one line under their name: how to reach them, their id, business, country and since when.
 * What they pay and owe is on the overview (General tab); each fact is said once on the page.
 */
export function HeaderFacts({ row }: { row: CustomerRow }) {
  const facts = [
    row.email,
    `#${row.id}`,
    row.business_name,
    row.country,
    `Customer since ${formatDate(row.date_added)}`,
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
