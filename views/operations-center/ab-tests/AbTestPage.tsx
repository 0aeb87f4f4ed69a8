import { Link } from 'wouter';
import { runCommand } from '../../../commands/runner';
import type { VariantResult } from '../../../domain/ab-tests';
import { api } from '../../../domain/api';
import { countOf } from '../../../domain/labels';
import { useCall } from '../../../src/http';
import { PresenceLine } from '../../../src/live/PresenceLine';
import { Button } from '../../../src/ui/Button';
import { PageHeader } from '../../../src/ui/PageHeader';
import { type DetailColumn, DetailTable } from '../../user-details/DetailTable';
import { TabState } from '../../user-details/TabState';
import { AssignmentsChart } from './AssignmentsChart';

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

const columns: readonly DetailColumn<VariantResult>[] = [
  { header: 'Variant', cell: (variant) => <span className="font-medium text-fg">{variant.name}</span> },
  { header: 'Share', cell: (variant) => `${variant.percentage} %`, numeric: true },
  { header: 'Users', cell: (variant) => variant.users.toLocaleString('en-US'), numeric: true },
  { header: 'Could convert', cell: (variant) => variant.eligible.toLocaleString('en-US'), numeric: true },
  { header: 'Converted', cell: (variant) => variant.conversions.toLocaleString('en-US'), numeric: true },
  { header: 'Conversion', cell: (variant) => percent(variant.conversion_rate), numeric: true },
  {
    header: 'Confidence vs control',
    cell: (variant) =>
      variant.confidence === null
        ? '—'
        : `${percent(variant.confidence)} (z = ${variant.z_score?.toFixed(2)}, p = ${variant.p_value?.toFixed(3)})`,
    numeric: true,
  },
];

/**
 * One A/B test (`/operations-center/ab-tests/{id}`): its variants' users, conversions to a paying subscription since
 * assignment and the confidence of each against the control, a chart of assignments, and FINISH / ASSIGN_USERS.
 */
export default function AbTestPage({ id }: { id: number }) {
  const { data, isLoading, error } = useCall(api.abTests.detail, { params: { testId: id } });
  if (!data) {
    return (
      <div className="p-6">
        <TabState what="the A/B test" loading={isLoading} error={error} />
      </div>
    );
  }
  const { test, results } = data;
  const offered = (name: string) => test.quick_actions.find((action) => action.name === name);
  const finish = offered('FINISH');
  const assign = offered('ASSIGN_USERS');
  return (
    <>
      <PageHeader title={`A/B test: ${test.feature_label}`}>
        <PresenceLine record={`ab_test:${test.id}`} />
        <Link href="/operations-center/ab-tests" className="text-sm text-accent underline">
          All A/B tests
        </Link>
      </PageHeader>
      <div className="flex flex-col gap-4 px-4 py-4 md:px-6">
        <p className="text-sm text-muted">
          <code>{test.feature_id}</code> · {test.is_done ? 'Finished' : 'Running'}
          {test.end_date ? ` · ends ${test.end_date}` : ''} · created by {test.creator} · {countOf(test.users, 'user')}
          {test.description ? ` — ${test.description}` : ''}
        </p>
        <div className="flex gap-2">
          {finish ? (
            <Button
              disabled={finish.is_disabled}
              title={finish.disable_message ?? undefined}
              onClick={() =>
                void runCommand('ab-test.finish', { origin: 'button', prefill: { ab_test_id: String(test.id) } })
              }
            >
              Finish test
            </Button>
          ) : null}
          {finish?.is_disabled ? (
            <span className="self-center text-xs text-muted">{finish.disable_message}</span>
          ) : null}
          {assign ? (
            <Button
              onClick={() =>
                void runCommand('ab-test.assign-users', { origin: 'button', prefill: { ab_test_id: String(test.id) } })
              }
            >
              Assign users
            </Button>
          ) : null}
        </div>
        <DetailTable
          label="Results by variant"
          columns={columns}
          rows={results.variants}
          rowKey={(variant) => variant.name}
          empty="No variant."
        />
        <p className="text-xs text-muted">
          A conversion is a customer who was on a trial or cancelled when assigned and pays now (metered or annual
          plan). Confidence: two-sided two-proportion z-test against the first variant.
        </p>
        <AssignmentsChart results={results} test={test} />
      </div>
    </>
  );
}
