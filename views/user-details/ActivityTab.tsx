import { api } from '../../domain/api';
import { labelOf, plainText } from '../../domain/labels';
import { activityCategoryLabels } from '../../domain/user-details';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** Activity: the customer's events, newest first, each with its category, time and properties. */
export function ActivityTab({ row }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.activity, { params: { user_id: row.id } });
  if (!data) return <TabState what="the activity" loading={isLoading} error={error} />;
  if (data.events.length === 0) return <p className="text-sm text-muted">No activity yet.</p>;
  return (
    <ol aria-label="Activity timeline" className="relative flex flex-col gap-3 border-l border-line pl-4">
      {data.events.map((event) => (
        <li key={event.id} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[21px] size-2.5 rounded-full border-2 border-panel bg-accent"
          />
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <span className="text-sm font-medium text-fg">{event.event}</span>
            <span className="rounded bg-raised px-1.5 py-0.5 text-[11px] text-muted">
              {labelOf(activityCategoryLabels, event.category)}
            </span>
            <time dateTime={event.datetime} className="text-xs text-faint">
              {formatDateTime(event.datetime)}
            </time>
          </div>
          {event.properties.length > 0 ? (
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs">
              {event.properties.map((property) => (
                <div key={property.label} className="contents">
                  <dt className="text-muted">{property.label}</dt>
                  <dd className="min-w-0 break-words text-fg">{plainText(property.value)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
