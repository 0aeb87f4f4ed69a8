import { FieldFrame } from './FieldFrame';
import { controlClass, describedBy, type FieldProps } from './types';

/** Multi-line text. Enter adds a line; Ctrl/Cmd+Enter submits the surrounding form. */
export function TextareaField(props: FieldProps) {
  return (
    <FieldFrame id={props.id} label={props.label} hint={props.hint ?? 'Ctrl+Enter submits'} error={props.error}>
      <textarea
        ref={props.controlRef}
        id={props.id}
        name={props.name}
        rows={3}
        className={`${controlClass} resize-y`}
        value={props.value}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-invalid={Boolean(props.error)}
        aria-describedby={describedBy(props)}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
    </FieldFrame>
  );
}
