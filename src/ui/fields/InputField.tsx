import { FieldFrame } from './FieldFrame';
import { controlClass, describedBy, type FieldOption, type FieldProps } from './types';

interface InputFieldProps extends FieldProps {
  /** Always text: numbers and dates are typed as text, so a half-typed value is kept as is (dates: `DateField`). */
  type?: 'text';
  /** The keyboard a touch device shows: `numeric` for counts and ids, `decimal` for money. */
  inputMode?: 'numeric' | 'decimal';
  /** Shown before the value, e.g. `$` for money. */
  prefix?: string;
  /** Values offered as the person types (a datalist: the browser's own suggestions); other text is still taken. */
  suggestions?: readonly FieldOption[];
}

/** A one-line input: text, number, money or date. The form's schema parses what was typed. */
export function InputField({ type = 'text', inputMode, prefix, suggestions, ...props }: InputFieldProps) {
  const listId = suggestions && suggestions.length > 0 ? `${props.id}-suggestions` : undefined;
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
      list={listId}
    />
  );
  const list = listId && (
    <datalist id={listId}>
      {suggestions?.map((option) => (
        <option
          key={option.value}
          value={option.value}
          label={option.label === option.value ? undefined : option.label}
        />
      ))}
    </datalist>
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
      {list}
    </FieldFrame>
  );
}
