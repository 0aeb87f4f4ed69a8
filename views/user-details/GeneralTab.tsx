import { Link, useSearch } from 'wouter';
import { commandById } from '../../commands/index';
import { runCommand } from '../../commands/runner';
import { shortcutKeys } from '../../commands/shortcuts';
import { api } from '../../domain/api';
import { can } from '../../domain/permissions';
import { useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { Kbd } from '../../src/ui/Kbd';
import { CustomerFacts } from './CustomerFacts';
import { CustomerOverview } from './CustomerOverview';
import { DetailsForm } from './DetailsForm';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

const editDetails = commandById('user.edit-details');

/** The details form on its own (`?edit=1`, where "Edit details" and Shift+E go), with the way back to the overview. */
function DetailsView({ row, target }: UserTabProps) {
  const details = useCall(api.userDetails.details, { params: { user_id: row.id } });
  return (
    <div className="flex flex-col gap-3">
      <Link href={`/users/${row.id}/general`} className="self-start text-sm text-accent hover:underline">
        ← Back to the overview
      </Link>
      {details.data ? (
        <DetailsForm
          details={details.data}
          target={target}
          reload={() => details.mutate()}
          saved={(fresh) => void details.mutate(fresh, { revalidate: false })}
        />
      ) : (
        <TabState what="the details" loading={details.isLoading} error={details.error} />
      )}
    </div>
  );
}

/**
 * General: what an agent reads first (plan, credit balance, charges, open projects), then the rest of the customer's
 * row. The details form has a view of its own (`?edit=1`), so the overview is not a form to read around.
 */
export function GeneralTab({ row, target }: UserTabProps) {
  const { userRole } = useSession();
  const editing = new URLSearchParams(useSearch()).has('edit');
  if (editing) return <DetailsView row={row} target={target} />;
  const editable = can(userRole, 'user_details_edit');
  return (
    <div className="flex flex-col gap-4">
      <CustomerOverview row={row} />
      <div>
        {editable && editDetails?.shortcut ? (
          <Button
            onClick={() => void runCommand('user.edit-details', { target, origin: 'button' })}
            aria-keyshortcuts={editDetails.shortcut}
            hint={
              <span aria-hidden="true" className="ml-1 flex gap-0.5">
                {shortcutKeys(editDetails.shortcut).map((key) => (
                  <Kbd key={key}>{key}</Kbd>
                ))}
              </span>
            }
          >
            Edit details
          </Button>
        ) : (
          <Link href={`/users/${row.id}/general?edit=1`} className="text-sm text-accent hover:underline">
            Name, address, VAT id and notes
          </Link>
        )}
      </div>
      <CustomerFacts row={row} />
    </div>
  );
}
