import { api } from '../../domain/api';
import { formatMoney } from '../../domain/money';
import { useCall } from '../../src/http';
import { formatDateTime, subscriptionLabel } from '../users/customer-format';

function Tile({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-md border border-line bg-canvas px-3 py-2">
      <h2 className="text-[11px] font-medium text-muted uppercase">{title}</h2>
      <div className="mt-0.5 text-sm text-fg">{children}</div>
    </section>
  );
}

/** The header's info tiles from `general_details/tiles`: personal info, subscription types, next charge. */
export function HeaderTiles({ userId }: { userId: number }) {
  const { data } = useCall(api.userDetails.tiles, { params: { user_id: userId } });
  if (!data) return <div className="h-[58px]" aria-hidden="true" />;
  const person = data.personal_info;
  return (
    <div className="grid gap-2 pb-3 sm:grid-cols-3">
      <Tile title="Personal info">
        <p className="truncate">
          {person.full_name}
          {person.business_name ? <span className="text-muted"> · {person.business_name}</span> : null}
        </p>
        <p className="truncate text-xs text-muted">
          {[person.country, `since ${formatDateTime(person.date_added)}`].filter(Boolean).join(' · ')}
        </p>
      </Tile>
      <Tile title="Subscriptions">
        <p className="truncate">Editing: {subscriptionLabel(data.subscription_types.editing)}</p>
        <p className="truncate text-xs text-muted">Culling: {data.subscription_types.culling.toLowerCase()}</p>
      </Tile>
      <Tile title="Next charge">
        {data.next_charge.date ? (
          <>
            <p className="tabular-nums">{data.next_charge.amount ? formatMoney(data.next_charge.amount) : '—'}</p>
            <p className="text-xs text-muted">{formatDateTime(data.next_charge.date)}</p>
          </>
        ) : (
          <p className="text-muted">No charge scheduled</p>
        )}
      </Tile>
    </div>
  );
}
