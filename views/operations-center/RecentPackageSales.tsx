import { Link } from 'wouter';
import { api } from '../../domain/api';
import { paymentStatusLabels, type RecentPurchase } from '../../domain/credit-packages';
import { formatMoney } from '../../domain/money';
import { useCall } from '../../src/http';
import { formatDateTime } from '../../src/ui/dates';
import { DetailTable } from '../user-details/DetailTable';
import { TabState } from '../user-details/TabState';

function status(sale: RecentPurchase) {
  const label = paymentStatusLabels[sale.payment_status];
  if (sale.payment_status === 'SUCCEEDED') return <span className="text-success">{label}</span>;
  return (
    <span className="text-danger">
      {label}: {sale.stripe_error_message ?? 'no reason given'}
    </span>
  );
}

/** The latest package sales across customers, declined ones too; each customer links to their credits. */
export function RecentPackageSales() {
  const { data, isLoading, error } = useCall(api.creditPackages.recentPurchases, {});
  return (
    <section aria-labelledby="credit-packages-sales" className="flex flex-col gap-2">
      <h2 id="credit-packages-sales" className="text-xs font-medium uppercase tracking-wide text-faint">
        Latest sales
      </h2>
      {data ? (
        <DetailTable
          label="Latest credit package sales"
          rows={data.purchases}
          rowKey={(sale) => sale.charge_id}
          empty="No custom credit package sold yet."
          columns={[
            { header: 'Date', cell: (sale) => formatDateTime(sale.date) },
            {
              header: 'Customer',
              cell: (sale) => (
                <Link href={`/users/${sale.user_id}/credits`} className="text-fg underline-offset-2 hover:underline">
                  {sale.customer_name}
                </Link>
              ),
            },
            { header: 'Package', cell: (sale) => sale.package },
            { header: 'Charged', money: true, cell: (sale) => formatMoney(sale.amount_charged) },
            { header: 'Status', cell: status },
            { header: 'Sold by', cell: (sale) => sale.sold_by ?? <span className="text-faint">—</span> },
          ]}
        />
      ) : (
        <TabState what="the latest sales" loading={isLoading} error={error} />
      )}
    </section>
  );
}
