import { type KeyboardEvent, useEffect, useRef } from 'react';
import { FieldFrame } from './FieldFrame';
import { controlClass, describedBy, type FieldOption, type FieldProps } from './types';

interface SelectFieldProps extends FieldProps {
  options: readonly FieldOption[];
  /** The options are still being fetched. */
  loading?: boolean;
}

/** The option a typed text names: the first whose label starts with it, else the first that contains it. */
export function optionTyped(options: readonly FieldOption[], typed: string): FieldOption | undefined {
  const text = typed.trim().toLowerCase();
  if (!text) return undefined;
  return (
    options.find((option) => option.label.toLowerCase().startsWith(text)) ??
    options.find((option) => option.label.toLowerCase().includes(text))
  );
}

/**
 * One choice from a list; a native select, so typing a label's first letters picks it. While its options load it says
 * so (and is busy) but keeps focus, and holds what is typed into it: once the options are there, the one it names is
 * picked, so typing ahead of a slow list is not lost.
 */
export function SelectField({ options, loading, ...props }: SelectFieldProps) {
  const typedAhead = useRef('');
  const { onChange } = props;
  useEffect(() => {
    if (loading || !typedAhead.current) return;
    const picked = optionTyped(options, typedAhead.current);
    typedAhead.current = '';
    if (picked) onChange(picked.value);
  }, [loading, options, onChange]);
  const holdWhileLoading = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (!loading || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) typedAhead.current += event.key;
    else if (event.key === 'Backspace') typedAhead.current = typedAhead.current.slice(0, -1);
    else return;
    event.preventDefault();
  };
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <select
        ref={props.controlRef}
        id={props.id}
        name={props.name}
        className={controlClass}
        value={props.value}
        // Not disabled while its options load: a disabled control cannot hold focus, and the form opens focused on it.
        disabled={props.disabled}
        aria-invalid={Boolean(props.error)}
        aria-describedby={describedBy(props)}
        aria-busy={loading || undefined}
        onKeyDown={holdWhileLoading}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{loading ? 'Loading…' : (props.placeholder ?? 'Choose…')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
