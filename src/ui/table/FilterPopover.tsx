import type { ReactNode } from 'react';
import type { TableFilter } from '../../../domain/table-query';
import type { Header } from '../../../domain/tables';
import { Popover } from '../Popover';
import { LazyFilterEditor as FilterEditor } from './LazyFilterEditor';

interface FilterPopoverProps {
  header: Header;
  filter?: TableFilter;
  onApply: (filter: TableFilter) => void;
  onRemove?: () => void;
  /** The button's content and look. */
  button: ReactNode;
  buttonClassName: string;
  buttonLabel: string;
}

/** A button that opens the column's filter editor in a popover (Escape closes it, focus returns to the button). */
export function FilterPopover({
  header,
  filter,
  onApply,
  onRemove,
  button,
  buttonClassName,
  buttonLabel,
}: FilterPopoverProps) {
  return (
    // Kept beside its button (inside a header cell or a filter chip): the panel resets what it would inherit there.
    <Popover
      align="start"
      button={button}
      buttonClassName={buttonClassName}
      buttonLabel={buttonLabel}
      panelClassName="z-30 rounded-lg border border-line bg-panel text-left text-sm font-normal whitespace-normal text-fg normal-case shadow-xl shadow-black/30"
    >
      {(close) => (
        <FilterEditor
          header={header}
          filter={filter}
          onApply={(next) => {
            onApply(next);
            close();
          }}
          onRemove={
            onRemove
              ? () => {
                  onRemove();
                  close();
                }
              : undefined
          }
        />
      )}
    </Popover>
  );
}
