import { runCommand } from '../../commands/runner';
import { api } from '../../domain/api';
import type { ExchangeRate } from '../../domain/currency';
import { can } from '../../domain/permissions';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { type DetailColumn, DetailTable } from '../user-details/DetailTable';
import { TabState } from '../user-details/TabState';
import { formatDateTime } from '../users/customer-format';

const setRate = 'operations.set-exchange-rate';

function setBy(rate: ExchangeRate): string {
  return rate.set_by ?? 'Initial rates';
}

const historyColumns: readonly DetailColumn<ExchangeRate>[] = [
  { header: 'Rate', cell: (rate) => rate.text },
  { header: 'Set by', cell: setBy },
  { header: 'Set at', cell: (rate) => formatDateTime(rate.set_at), numeric: true },
];

/**
 * Exchange rates (`/operations-center/exchange-rates`, ADMIN): the current rate of every pair with who set it and
 * when, a button per pair that opens "Set exchange rate" prefilled, and the latest changes.
 */
export function ExchangeRatesTab() {
  const { userRole } = useSession();
  const { data, isLoading, error } = useCall(api.currency.exchangeRates, {});
  if (!data) return <TabState what="the exchange rates" loading={isLoading} error={error} />;
  const mayEdit = can(userRole, 'exchange_rates');
  const currentColumns: readonly DetailColumn<ExchangeRate>[] = [
    { header: 'From', cell: (rate) => rate.from },
    { header: 'To', cell: (rate) => rate.to },
    { header: 'Rate', cell: (rate) => <span className="font-medium text-fg">{rate.text}</span> },
    { header: 'Set by', cell: setBy },
    { header: 'Set at', cell: (rate) => formatDateTime(rate.set_at), numeric: true },
    ...(mayEdit
      ? [
          {
            header: 'Actions',
            cell: (rate: ExchangeRate) => (
              <Button
                size="sm"
                aria-label={`Set the ${rate.from} to ${rate.to} rate`}
                onClick={() =>
                  void runCommand(setRate, {
                    prefill: { from: rate.from, to: rate.to, rate: rate.rate },
                    origin: 'button',
                  })
                }
              >
                Set rate
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="current-rates" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-3">
          <h2 id="current-rates" className="text-sm font-semibold text-fg">
            Current rates
          </h2>
          {mayEdit ? (
            <Button size="sm" onClick={() => void runCommand(setRate, { origin: 'button' })}>
              Set exchange rate
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted">
          Used by every currency change from now on. Each direction has its own rate; a change keeps the old rate in the
          history below.
        </p>
        <DetailTable
          label="Current exchange rates"
          columns={currentColumns}
          rows={data.rates}
          rowKey={(rate) => `${rate.from}-${rate.to}`}
          empty="No exchange rates are set."
        />
      </section>
      <section aria-labelledby="rate-history" className="flex flex-col gap-2">
        <h2 id="rate-history" className="text-sm font-semibold text-fg">
          Latest changes
        </h2>
        <DetailTable
          label="Exchange rate history"
          columns={historyColumns}
          rows={data.history}
          rowKey={(rate) => rate.id}
          empty="No changes yet."
        />
      </section>
    </div>
  );
}
