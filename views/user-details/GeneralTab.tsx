import { api } from '../../domain/api';
import { useCall } from '../../src/http';
import { CustomerFacts } from './CustomerFacts';
import { DetailsForm } from './DetailsForm';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** General details: the editable details form, then the rest of the customer's row. */
export function GeneralTab({ row, target }: UserTabProps) {
  const details = useCall(api.userDetails.details, { params: { user_id: row.id } });
  return (
    <div className="flex flex-col gap-4">
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
      <CustomerFacts row={row} />
    </div>
  );
}
