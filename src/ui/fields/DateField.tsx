import { FieldFrame } from './FieldFrame';
import { controlClass, describedBy, type FieldProps } from './types';

/** A calendar date, as `YYYY-MM-DD`. */
export function DateField(props: FieldProps) {
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <input
        ref={props.controlRef}
        id={props.id}
        name={props.name}
        type="date"
        className={controlClass}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={Boolean(props.error)}
        aria-describedby={describedBy(props)}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </FieldFrame>
  );
}
