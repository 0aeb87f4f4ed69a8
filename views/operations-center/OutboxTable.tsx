import { useCallback, useState } from 'react';
import type { OutboxRow } from '../../domain/outbox';
import { EmptyState } from '../../src/ui/EmptyState';
import { DataTable, FirstPageFallback, ListTotal, useTableUrlState } from '../../src/ui/table';
import { EmailDialog } from './EmailDialog';
import { useOutbox } from './use-outbox';

/** Props of `OutboxTable`. */
export interface OutboxTableProps {
  /** Names the table (its chosen columns are remembered under it). */
  id: string;
  label: string;
  /** One customer's e-mails (the call for whoever may open that customer); unset: every customer's. */
  customerId?: number;
  /** Hide these columns (e.g. the customer on their own page). */
  hiddenColumns?: readonly string[];
}

/**
 * E-mails of the outbox (recipient, subject, status, attempts, sent time, last error) in the DataTable over the
 * server's headers; filters and sort in the address. Enter opens the e-mail as it was delivered (EmailDialog), which
 * offers its customer.
 */
export function OutboxTable({ id, label, customerId, hiddenColumns = [] }: OutboxTableProps) {
  const [state, setState] = useTableUrlState();
  const { rows, first, error, isLoading, hasMore, loadingMore, loadMore, refresh } = useOutbox(state, customerId);
  const [opened, setOpened] = useState<OutboxRow | null>(null);
  const close = useCallback(() => setOpened(null), []);
  if (!first) {
    return (
      <FirstPageFallback
        what="the e-mails"
        isLoading={isLoading}
        error={error}
        onRetry={() => void refresh()}
        state={state}
        onStateChange={setState}
      />
    );
  }
  const meta = first.meta;
  const headers = first.headers.filter((header) => !hiddenColumns.includes(header.key));
  return (
    <>
      <DataTable
        id={id}
        label={label}
        headers={headers}
        rows={rows}
        state={state}
        onStateChange={setState}
        defaultSort={meta.sort}
        hasMore={hasMore}
        loadingMore={loadingMore}
        onLoadMore={loadMore}
        onOpen={(row) => setOpened(row)}
        rowLabel={(row) => `${row.subject || row.template} to ${row.recipient}`}
        toolbar={
          <ListTotal
            busy={isLoading || loadingMore}
            total={meta.total_number_of_emails}
            estimate={meta.total_is_estimate}
            noun="e-mails"
          />
        }
        empty={<EmptyState title="No e-mails" message="Nothing was sent that matches." />}
      />
      {opened ? (
        <EmailDialog
          key={opened.id}
          emailId={opened.id}
          customerId={customerId}
          openCustomerId={customerId === undefined ? opened.user_id : null}
          onClose={close}
        />
      ) : null}
    </>
  );
}
