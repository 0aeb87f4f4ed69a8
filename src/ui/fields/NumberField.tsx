import { FieldFrame } from './FieldFrame';
import { controlClass, describedBy, type FieldProps } from './types';

interface NumberFieldProps extends FieldProps {
  /** Shown before the amount for money, e.g. `$`. */
  prefix?: string;
  /** Decimal places a person may type: 0 for counts and ids, 2 for money. */
  decimals?: number;
}

/** A number typed as text (so a half-typed value is kept as is); the form's schema parses it. */
export function NumberField({ prefix, decimals = 0, ...props }: NumberFieldProps) {
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <div className="flex items-center gap-1.5">
        {prefix && <span className="text-sm text-muted">{prefix}</span>}
        <input
          ref={props.controlRef}
          id={props.id}
          name={props.name}
          type="text"
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          className={`${controlClass} tabular-nums`}
          value={props.value}
          placeholder={props.placeholder}
          disabled={props.disabled}
          aria-invalid={Boolean(props.error)}
          aria-describedby={describedBy(props)}
          onChange={(event) => props.onChange(event.target.value)}
        />
      </div>
    </FieldFrame>
  );
}
