import { FieldFrame } from './FieldFrame';
import { controlClass, describedBy, type FieldProps } from './types';

interface InputFieldProps extends FieldProps {
  /** Always text: numbers and dates are typed as text, so a half-typed value is kept as is (dates: `DateField`). */
  type?: 'text';
  /** The keyboard a touch device shows: `numeric` for counts and ids, `decimal` for money. */
  inputMode?: 'numeric' | 'decimal';
  /** Shown before the value, e.g. `$` for money. */
  prefix?: string;
}

/** A one-line input: text, number, money or date. The form's schema parses what was typed. */
export function InputField({ type = 'text', inputMode, prefix, ...props }: InputFieldProps) {
  const input = (
    <input
      ref={props.controlRef}
      id={props.id}
      name={props.name}
      type={type}
      inputMode={inputMode}
      autoComplete={inputMode ? 'off' : undefined}
      className={inputMode ? `${controlClass} tabular-nums` : controlClass}
      value={props.value}
      placeholder={props.placeholder}
      disabled={props.disabled}
      aria-invalid={Boolean(props.error)}
      aria-describedby={describedBy(props)}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint} error={props.error}>
      {prefix ? (
        <div className="flex items-center gap-1.5">
          <span className="text-sm text-muted">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}
