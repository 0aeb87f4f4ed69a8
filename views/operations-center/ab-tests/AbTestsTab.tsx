import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { runCommand } from '../../../commands/runner';
import type { AbTestRow } from '../../../domain/ab-tests';
import { api } from '../../../domain/api';
import { useCall } from '../../../src/http';
import { Button } from '../../../src/ui/Button';
import { formatDateTime } from '../../../src/ui/dates';
import { controlClass } from '../../../src/ui/fields/types';
import { useDebounced } from '../../../src/ui/use-debounced';
import { type DetailColumn, DetailTable } from '../../user-details/DetailTable';
import { TabState } from '../../user-details/TabState';
import { OpsRowMenu } from '../OpsRowMenu';

const columns: readonly DetailColumn<AbTestRow>[] = [
  {
    header: 'Feature',
    cell: (test) => (
      <Link href={`/operations-center/ab-tests/${test.id}`} className="font-medium text-accent underline">
        {test.feature_label}
      </Link>
    ),
  },
  { header: 'Feature id', cell: (test) => <code>{test.feature_id}</code> },
  { header: 'Variants', cell: (test) => test.variants.map((v) => `${v.name} ${v.percentage} %`).join(', ') },
  { header: 'Users', cell: (test) => test.users.toLocaleString('en-US'), numeric: true },
  { header: 'State', cell: (test) => (test.is_done ? 'Finished' : 'Running') },
  { header: 'Ends', cell: (test) => test.end_date ?? '—' },
  { header: 'Created', cell: (test) => `${formatDateTime(test.created_at)} by ${test.creator}` },
  {
    header: 'Actions',
    cell: (test) => (
      <OpsRowMenu
        kind="abTest"
        label={`A/B test #${test.id}`}
        quickActions={test.quick_actions}
        prefill={{ ab_test_id: String(test.id) }}
      />
    ),
  },
];

/** A/B tests (`/operations-center/ab-tests`): search (kept in the address), create, and each test's actions. */
export function AbTestsTab() {
  const search = new URLSearchParams(useSearch()).get('search') ?? '';
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState(search);
  const settled = useDebounced(typed, 250);
  if (settled !== search) {
    const query = settled ? `?search=${encodeURIComponent(settled)}` : '';
    queueMicrotask(() => navigate(`/operations-center/ab-tests${query}`, { replace: true }));
  }
  const { data, isLoading, error } = useCall(api.abTests.list, { query: search ? { search } : {} });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-muted" htmlFor="ab-test-search">
          Search
          <input
            id="ab-test-search"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Feature, id or description"
            className={`${controlClass} w-64`}
          />
        </label>
        <Button onClick={() => void runCommand('ab-test.create', { origin: 'button' })}>Create A/B test</Button>
      </div>
      {data ? (
        <DetailTable
          label="A/B tests"
          columns={columns}
          rows={data.tests}
          rowKey={(test) => test.id}
          empty={search ? 'No A/B test matches.' : 'No A/B test yet.'}
        />
      ) : (
        <TabState what="the A/B tests" loading={isLoading} error={error} />
      )}
    </div>
  );
}
