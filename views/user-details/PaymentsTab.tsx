import { api } from '../../domain/api';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { CommandButton } from './CommandButton';
import { FactGroup } from './FactGroup';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** Payments: the charging vendor and method, and the customer's payment links with their labels. */
export function PaymentsTab({ row, target }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.payments, { params: { user_id: row.id } });
  if (!data) return <TabState what="the payment details" loading={isLoading} error={error} />;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FactGroup
        title="Payment method"
        items={[
          ['Vendor', data.charging_vendor],
          ['Method', data.payment_method_details],
          ['Updated', data.date_updated ? formatDateTime(data.date_updated) : null],
          ['Name on file', `${data.first_name} ${data.last_name}`.trim()],
          ['Country', data.country],
          [
            'Currency',
            <span key="currency" className="flex items-center gap-2" data-testid="customer-currency">
              {data.currency}
              <CommandButton commandId="user.change-currency" target={target} />
            </span>,
          ],
          ...data.fields.map((field): [string, string] => [field.label, field.value]),
        ]}
      />
      <section aria-labelledby="payment-links" className="rounded-lg border border-line bg-panel">
        <h2 id="payment-links" className="border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase">
          Payment links
        </h2>
        {data.payment_links.length === 0 ? (
          <p className="px-3 py-3 text-sm text-muted">No payment links.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {data.payment_links.map((link) => (
              <li key={link.kind} className="flex items-center gap-3 px-3 py-2 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-fg">{link.label}</p>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block truncate text-xs text-accent hover:underline"
                  >
                    {link.url}
                  </a>
                </div>
                <CommandButton
                  commandId="user.send-payment-link"
                  target={target}
                  prefill={{ link: link.kind }}
                  label="E-mail it"
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
