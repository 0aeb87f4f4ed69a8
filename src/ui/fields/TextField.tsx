import { FieldFrame } from './FieldFrame';
import { controlClass, describedBy, type FieldProps } from './types';

/** A one-line text input. */
export function TextField(props: FieldProps) {
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        ref={props.controlRef}
        id={props.id}
        name={props.name}
        type="text"
        className={controlClass}
        value={props.value}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-invalid={Boolean(props.error)}
        aria-describedby={describedBy(props)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FieldFrame>
  );
}
