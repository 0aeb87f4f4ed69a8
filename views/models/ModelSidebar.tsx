import type { SidebarGroup, SidebarItem } from '../../domain/models';

interface ModelSidebarProps {
  groups: readonly SidebarGroup[];
  /** The selection in the address: boxes follow it at once, before the server's answer for it arrives. */
  chosen: Readonly<Record<string, readonly string[]>>;
  onToggle: (key: string, value: string, only: boolean) => void;
  onClear: () => void;
  narrowed: boolean;
}

const count = new Intl.NumberFormat('en-US');

function CheckboxItem({
  item,
  checked,
  onToggle,
}: {
  item: SidebarItem;
  checked: boolean;
  onToggle: ModelSidebarProps['onToggle'];
}) {
  return (
    <label
      className={`flex items-center gap-2 rounded px-1 py-0.5 text-xs hover:bg-hover ${item.is_disabled ? 'text-faint' : 'text-fg'}`}
    >
      <input
        type="checkbox"
        className="accent-[var(--color-accent)]"
        checked={checked}
        disabled={item.is_disabled && !checked}
        onChange={() => onToggle(item.key, item.value, false)}
      />
      <span className="min-w-0 flex-1 truncate">{item.label}</span>
      <span className="tabular-nums text-muted">{count.format(item.total)}</span>
    </label>
  );
}

function RadioItem({
  item,
  value,
  onToggle,
}: {
  item: SidebarItem;
  value: string;
  onToggle: ModelSidebarProps['onToggle'];
}) {
  return (
    <div role="radiogroup" aria-label={item.label} className="flex flex-col">
      {item.options.map((option) => (
        <label
          key={option.value}
          className="flex items-center gap-2 rounded px-1 py-0.5 text-xs text-fg hover:bg-hover"
        >
          <input
            type="radio"
            name={`sidebar-${item.key}`}
            className="accent-[var(--color-accent)]"
            checked={value === option.value}
            disabled={item.is_disabled && option.value !== 'ALL'}
            onChange={() => onToggle(item.key, option.value, true)}
          />
          <span className="min-w-0 flex-1 truncate">{option.label}</span>
          <span className="tabular-nums text-muted">{count.format(option.total)}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * The model page's sidebar: groups of cards, one per photo facet (file type, preset, camera, camera profile, process
 * version), each value with its photo count under the rest of the selection. Native checkboxes and radios: Tab moves
 * between them, Space checks.
 */
export function ModelSidebar({ groups, chosen, onToggle, onClear, narrowed }: ModelSidebarProps) {
  return (
    <nav aria-label="Photo filters" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h2 className="text-xs font-semibold tracking-wide text-muted uppercase">Filters</h2>
        {narrowed ? (
          <button type="button" className="text-xs text-accent hover:underline" onClick={onClear}>
            Clear all
          </button>
        ) : null}
      </div>
      {groups.map((group) => (
        <section key={group.key} aria-label={group.label} className="flex flex-col gap-2">
          <h3 className="text-[11px] font-medium text-faint">{group.label}</h3>
          {group.cards.map((card) => (
            <fieldset key={card.key} className="rounded border border-line bg-panel p-2" data-card={card.key}>
              <legend className="px-1 text-xs font-medium text-fg">{card.label}</legend>
              {card.subgroups.map((subgroup) =>
                subgroup.type === 'separator' ? (
                  <hr key="separator" className="my-1 border-line" />
                ) : (
                  <div key={`${subgroup.type}-${subgroup.label ?? 'all'}`} className="flex flex-col">
                    {subgroup.label ? <div className="px-1 pt-1 text-[11px] text-faint">{subgroup.label}</div> : null}
                    {subgroup.items.map((item) =>
                      subgroup.type === 'radio' ? (
                        <RadioItem
                          key={item.key}
                          item={item}
                          value={chosen[item.key]?.[0] ?? 'ALL'}
                          onToggle={onToggle}
                        />
                      ) : (
                        <CheckboxItem
                          key={`${item.key}-${item.value}`}
                          item={item}
                          checked={chosen[item.key]?.includes(item.value) ?? false}
                          onToggle={onToggle}
                        />
                      ),
                    )}
                  </div>
                ),
              )}
            </fieldset>
          ))}
        </section>
      ))}
    </nav>
  );
}
