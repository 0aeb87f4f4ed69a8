import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { api } from '../../domain/api';
import { countOf } from '../../domain/labels';
import { formatMoney } from '../../domain/money';
import type { CustomerRow } from '../../domain/users';
import { useCall } from '../../src/http';
import { cullingLabel, subscriptionLabel } from '../users/customer-format';
import { nextChargeText } from './next-charge';

/** How many of the newest editing projects the overview reads to count the open ones. */
const projectsRead = 50;

/** One fact an agent reads first: its name, the fact, and a line under it; `tone` marks one that needs action. */
function Fact({
  label,
  children,
  note,
  tone,
}: {
  label: string;
  children: ReactNode;
  note?: ReactNode;
  tone?: 'danger';
}) {
  return (
    <div
      className={`flex min-w-0 flex-col gap-0.5 rounded-lg border px-3 py-2 ${
        tone === 'danger' ? 'border-danger/50 bg-danger-soft' : 'border-line bg-panel'
      }`}
    >
      <dt className="text-xs text-muted">{label}</dt>
      <dd
        className={`text-base font-semibold break-words tabular-nums ${tone === 'danger' ? 'text-danger' : 'text-fg'}`}
      >
        {children}
      </dd>
      {note ? <dd className="text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

function Pending() {
  return <span className="text-faint">…</span>;
}

/**
 * What an agent reads first on a customer, each fact once: plan, credit balance, last and next charge, a failing
 * charge, open projects. (Status and suspension are in the page header, on every tab.)
 */
export function CustomerOverview({ row }: { row: CustomerRow }) {
  const tiles = useCall(api.userDetails.tiles, { params: { user_id: row.id } });
  const credits = useCall(api.userDetails.credits, { params: { user_id: row.id } });
  const projects = useCall(api.projects.editing, {
    params: { user_id: row.id },
    query: { page: 1, page_size: projectsRead, sort: 'date', order: 'desc' },
  });
  const open = projects.data?.projects.filter((project) => project.project_status !== 'DOWNLOADED').length;
  const total = projects.data?.meta.total_number_of_projects ?? 0;
  const culling =
    row.culling_subscription_type !== 'NONE' ? `Culling: ${cullingLabel(row.culling_subscription_type)}` : null;
  return (
    <section aria-label="At a glance">
      <dl className="grid grid-cols-2 gap-2 lg:grid-cols-3">
        <Fact label="Plan" note={culling ?? 'No culling plan'}>
          {subscriptionLabel(row.subscription_type)}
        </Fact>
        <Fact
          label="Credit balance"
          note={credits.data ? `${countOf(credits.data.total_credits_rows, 'credit')} given` : undefined}
        >
          {credits.data ? formatMoney(credits.data.total_credits) : credits.error ? 'Could not load' : <Pending />}
        </Fact>
        <Fact label="Last charge" note={row.last_charge_amount ? 'The latest successful charge' : undefined}>
          {row.last_charge_amount ? formatMoney(row.last_charge_amount) : 'None yet'}
        </Fact>
        <Fact label="Next charge" note={tiles.data ? nextChargeText(tiles.data.next_charge).note : undefined}>
          {tiles.data ? nextChargeText(tiles.data.next_charge).headline : tiles.error ? 'Could not load' : <Pending />}
        </Fact>
        {row.charge_failed ? (
          <Fact
            label="Failing charge"
            tone="danger"
            note={`${row.failed_charge_reason ?? 'No reason given'} · ${countOf(row.number_of_charge_retries, 'retry', 'retries')}`}
          >
            {row.failed_charge_amount ? formatMoney(row.failed_charge_amount) : 'Failed'}
          </Fact>
        ) : (
          <Fact label="Failing charge" note="Charges go through">
            None
          </Fact>
        )}
        <Fact
          label="Open projects"
          note={
            <Link href={`/users/${row.id}/projects`} className="text-accent hover:underline">
              {total > projectsRead ? `among the newest ${projectsRead} of ${total}` : `of ${total} in all`}
            </Link>
          }
        >
          {open === undefined ? projects.error ? 'Could not load' : <Pending /> : open}
        </Fact>
      </dl>
    </section>
  );
}
