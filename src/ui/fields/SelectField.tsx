import { FieldFrame } from './FieldFrame';
import { controlClass, describedBy, type FieldOption, type FieldProps } from './types';

interface SelectFieldProps extends FieldProps {
  options: readonly FieldOption[];
  /** The options are still being fetched. */
  loading?: boolean;
}

/**
 * One choice from a list; a native select, so typing a label's first letters picks it. While its options load it says
 * so (and is busy) but keeps focus.
 */
export function SelectField({ options, loading, ...props }: SelectFieldProps) {
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
