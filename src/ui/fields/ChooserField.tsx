import { type KeyboardEvent, useEffect, useState } from 'react';
import { FieldFrame } from './FieldFrame';
import { rankChoices, shownChoices, typedId } from './rank-choices';
import { controlClass, describedBy, type FieldChoice, type FieldProps } from './types';

interface ChooserFieldProps extends FieldProps {
  choices: readonly FieldChoice[];
  /** The list is being fetched. */
  loading?: boolean;
  /** Why the list could not be fetched: shown, and a typed id is still taken. */
  loadError?: string;
  /** What is typed, for a list call that searches on the server. */
  onQueryChange?: (query: string) => void;
  /** The value is a list of ids (`101, 102`): the text after the last comma searches, a pick adds its id. */
  multiple?: boolean;
}

/** In a list of ids being typed (`101, 102, smi`), the part that searches: after the last comma. */
export function lastPart(text: string): string {
  return text.slice(text.lastIndexOf(',') + 1).trim();
}

/** The list with its last part replaced by a picked id, ready for the next: `101, 102, `. */
export function withPicked(text: string, id: string): string {
  const head = text.slice(0, text.lastIndexOf(',') + 1);
  return `${head}${head ? ' ' : ''}${id}, `;
}

/** How a chosen record reads in its field: `Smith wedding · #1508`. */
export function choiceText(choice: FieldChoice): string {
  return `${choice.label} · #${choice.value}`;
}

/**
 * A record, picked by name: type any fragment of its name, id, date, status or amount, and the matching records are
 * listed under the field, best first (see `rankChoices`); the arrows move, Enter picks. A typed id (`1508`, `#1508`)
 * is taken as it is, so the field still works when the list cannot be loaded. The value is the picked record's id, or
 * the text typed when nothing was picked (the form then says to pick one).
 */
export function ChooserField({ choices, loading, loadError, onQueryChange, multiple, ...props }: ChooserFieldProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const chosen = choices.find((choice) => choice.value === props.value);
  const query = multiple ? lastPart(props.value) : (typed ?? '');
  const text = multiple ? props.value : (typed ?? (chosen ? choiceText(chosen) : props.value ? `#${props.value}` : ''));
  const matches = rankChoices(choices, query).slice(0, shownChoices);
  // A list of ids lists choices only while a part is typed (Enter after `101, ` submits, it picks nothing).
  const listed = open && (multiple ? query !== '' : typed !== null) && matches.length > 0;
  const listId = `${props.id}-choices`;

  useEffect(() => {
    if (active >= matches.length && matches.length > 0) setActive(0);
  }, [active, matches.length]);

  const pick = (choice: FieldChoice) => {
    setTyped(null);
    setOpen(false);
    props.onChange(multiple ? withPicked(props.value, choice.value) : choice.value);
  };
  const onType = (value: string) => {
    setTyped(value);
    setOpen(true);
    setActive(0);
    onQueryChange?.(multiple ? lastPart(value) : value);
    props.onChange(multiple ? value : (typedId(value) ?? value));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!listed) {
        setTyped(typed ?? '');
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && listed && !event.nativeEvent.isComposing) {
      const choice = matches[active];
      if (!choice) return;
      event.preventDefault();
      event.stopPropagation();
      pick(choice);
    } else if (event.key === 'Escape' && listed) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };
  const status = loading
    ? 'Loading the list…'
    : loadError
      ? `The list could not be loaded (${loadError}); type an id.`
      : undefined;
  const hint = [props.hint, status].filter(Boolean).join(' · ') || undefined;
  return (
    <FieldFrame id={props.id} label={props.label} hint={hint} error={props.error}>
      <input
        ref={props.controlRef}
        id={props.id}
        name={props.name}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        className={controlClass}
        value={text}
        placeholder={props.placeholder ?? 'Type a name, date or id'}
        disabled={props.disabled}
        aria-invalid={Boolean(props.error)}
        aria-describedby={describedBy({ ...props, hint })}
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listId}
        aria-busy={loading || undefined}
        aria-activedescendant={listed ? `${listId}-${active}` : undefined}
        onChange={(event) => onType(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {listed ? (
        <div
          id={listId}
          role="listbox"
          aria-label={`${props.label} choices`}
          className="flex flex-col rounded-md border border-line bg-raised py-1"
        >
          {matches.map((choice, index) => (
            <div
              key={choice.value}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`flex items-baseline gap-2 px-2 py-1 text-sm ${index === active ? 'bg-accent/15' : ''}`}
              onMouseDown={(event) => {
                event.preventDefault();
                pick(choice);
              }}
            >
              <span className="min-w-0 truncate text-fg">{choice.label}</span>
              <span className="min-w-0 flex-1 truncate text-xs text-muted">
                {choice.details.filter(Boolean).join(' · ')}
              </span>
              <span className="shrink-0 text-xs tabular-nums text-faint">#{choice.value}</span>
            </div>
          ))}
        </div>
      ) : null}
    </FieldFrame>
  );
}
