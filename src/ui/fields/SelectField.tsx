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
 * picked, so typing ahead of a slow list is not lost. An Enter (or Ctrl+Enter) meanwhile is held too and submits the
 * form once the option is picked: sent at once, it was refused for the empty choice and the agent had to press it again.
 */
export function SelectField({ options, loading, ...props }: SelectFieldProps) {
  const typedAhead = useRef('');
  /** The form whose submit an Enter asked for while the options loaded. */
  const submitAhead = useRef<HTMLFormElement | null>(null);
  const { onChange } = props;
  useEffect(() => {
    if (loading) return;
    const picked = typedAhead.current ? optionTyped(options, typedAhead.current) : undefined;
    typedAhead.current = '';
    if (picked) onChange(picked.value);
    const form = submitAhead.current;
    submitAhead.current = null;
    form?.requestSubmit();
  }, [loading, options, onChange]);
  const holdWhileLoading = (event: KeyboardEvent<HTMLSelectElement>) => {
    if (!loading || event.altKey || event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') submitAhead.current = event.currentTarget.form;
    else if (event.ctrlKey || event.metaKey) return;
    else if (event.key.length === 1) typedAhead.current += event.key;
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
