import { permitted } from '../../commands/access';
import buyCustomCreditPackage from '../../commands/credit-packages/buy-custom-credit-package';
import { runCommand } from '../../commands/runner';
import { customerName, userTarget } from '../../commands/target';
import { api } from '../../domain/api';
import { maxCreditsPerPackage, maxPackageDiscountPercent } from '../../domain/credit-packages';
import { refusalOf } from '../../domain/labels';
import { can } from '../../domain/permissions';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { EmptyState } from '../../src/ui/EmptyState';
import { CommandButton } from '../user-details/CommandButton';
import { RecentPackageSales } from './RecentPackageSales';

/** How many of the customers this staff member viewed last are offered as one-key targets. */
const recentLimit = 8;

function RecentCustomers() {
  const { data } = useCall(api.users.lastViewed, {});
  const rows = (data?.users ?? []).slice(0, recentLimit);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="credit-packages-recent" className="flex flex-col gap-2">
      <h2 id="credit-packages-recent" className="text-xs font-medium uppercase tracking-wide text-faint">
        Customers you viewed last
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-md border border-line">
        {rows.map((row) => (
          <li key={row.id} className="flex items-center gap-3 px-3 py-1.5 text-sm">
            <span className="min-w-0 flex-1 truncate text-fg">
              {customerName(row)} <span className="text-muted">· {row.email}</span>
            </span>
            <span className="text-xs text-muted tabular-nums">{row.currency}</span>
            <CommandButton
              commandId={buyCustomCreditPackage.id}
              target={userTarget(row)}
              label="Buy package…"
              size="sm"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Operations center → Custom credit packages: sell a customer credits at an agreed price, charged to their card
 * on file. Staff pick the customer in the command (the palette's customer search), or one they viewed last.
 */
export function CreditPackagesTab() {
  const { userRole } = useSession();
  const allowed = permitted(buyCustomCreditPackage, userRole);
  return (
    <div className="flex max-w-5xl flex-col gap-4">
      <section className="flex flex-col gap-2 rounded-md border border-line px-4 py-3">
        <h2 className="text-sm font-medium text-fg">Sell a custom credit package</h2>
        <p className="text-sm text-muted">
          Enter the number of credits and the price agreed with the customer. One credit is worth one unit of the
          customer’s currency; the price is in that currency, at most the credits’ list price and at most{' '}
          {maxPackageDiscountPercent} % off it (up to {maxCreditsPerPackage.toLocaleString('en-US')} credits per
          package). The confirmation shows what will be charged before anything happens; the credits are added only if
          the card is charged.
        </p>
        <div>
          <Button
            variant="primary"
            disabled={!allowed}
            title={allowed ? undefined : `${refusalOf('charge_and_unsuspend', 'sell credit packages')}.`}
            onClick={() => void runCommand(buyCustomCreditPackage.id, { origin: 'button' })}
          >
            Buy custom credit package…
          </Button>
        </div>
      </section>
      {allowed && can(userRole, 'user_details_read') ? <RecentCustomers /> : null}
      {allowed ? <RecentPackageSales /> : null}
      {allowed ? null : (
        <EmptyState
          title="Your role cannot charge customers"
          message={`Selling a credit package charges the customer’s card. ${refusalOf('charge_and_unsuspend', 'sell credit packages')}.`}
        />
      )}
    </div>
  );
}
