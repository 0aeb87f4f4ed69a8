import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import type { TableFilter } from '../../../domain/table-query';
import type { Header } from '../../../domain/tables';
import { useAnchoredPanel } from '../anchored-panel';
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
  const anchored = useAnchoredPanel('start');
  return (
    <Popover className="relative">
      <PopoverButton style={anchored.button} className={buttonClassName} aria-label={buttonLabel} title={buttonLabel}>
        {button}
      </PopoverButton>
      {/* Kept beside its button (inside a header cell or a filter chip): reset what the panel would inherit there. */}
      <PopoverPanel
        focus
        style={anchored.panel}
        className="z-30 rounded-lg border border-line bg-panel text-left text-sm font-normal whitespace-normal text-fg normal-case shadow-xl shadow-black/30"
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
