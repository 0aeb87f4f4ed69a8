import { Link, useLocation } from 'wouter';
import { homePath } from '../../src/routing/guard';
import { EmptyState } from '../../src/ui/EmptyState';
import { PageHeader } from '../../src/ui/PageHeader';

/** Any address the route table does not know, inside the shell. */
export function NotFoundPage() {
  const [location] = useLocation();
  return (
    <>
      <PageHeader title="Not found" />
      <div className="p-4 md:p-6">
        <EmptyState title="There is no page here" message={<code className="font-mono text-xs">{location}</code>}>
          <Link
            href={homePath}
            className="inline-flex h-7 items-center rounded-md border border-line bg-raised px-3 text-sm font-medium hover:bg-hover"
          >
            Go to users
          </Link>
        </EmptyState>
      </div>
    </>
  );
}
