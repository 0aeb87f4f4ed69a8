import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import type { TableFilter } from '../../../domain/table-query';
import type { Header } from '../../../domain/tables';
import { FilterEditor } from './FilterEditor';

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
    <Popover className="relative">
      <PopoverButton className={buttonClassName} aria-label={buttonLabel} title={buttonLabel}>
        {button}
      </PopoverButton>
      <PopoverPanel
        focus
        anchor={{ to: 'bottom start', gap: 4 }}
        className="z-30 rounded-lg border border-line bg-panel shadow-xl shadow-black/30"
      >
        {({ close }) => (
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
      </PopoverPanel>
    </Popover>
  );
}
