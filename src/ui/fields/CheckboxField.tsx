import { describedBy, type FieldProps } from './types';

/** A yes/no choice; Space toggles it. */
export function CheckboxField(props: FieldProps<boolean>) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="flex items-center gap-2 text-sm text-fg">
        <input
          ref={props.controlRef}
          id={props.id}
          name={props.name}
          type="checkbox"
          className="size-4 accent-(--color-accent)"
          checked={props.value}
          disabled={props.disabled}
          aria-invalid={Boolean(props.error)}
          aria-describedby={describedBy(props)}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        {props.label}
      </label>
      {props.hint && !props.error && (
        <p id={`${props.id}-hint`} className="text-xs text-faint">
          {props.hint}
        </p>
      )}
      {props.error && (
        <p id={`${props.id}-error`} role="alert" className="text-xs text-danger">
          {props.error}
        </p>
      )}
    </div>
  );
}
