import type { DayMeaning } from '../day-meaning';
import { CheckboxField } from './CheckboxField';
import { ChooserField } from './ChooserField';
import { DateField } from './DateField';
import { InputField } from './InputField';
import { SelectField } from './SelectField';
import { TextareaField } from './TextareaField';
import type { FieldChoice, FieldKind, FieldOption, FieldProps, FieldValue } from './types';

/** A field's description, as a parameter form knows it (options already fetched). */
export interface FieldDescriptor {
  kind: FieldKind;
  label: string;
  placeholder?: string;
  hint?: string;
  /** Select: its options. Text: values suggested as the person types (any other text is still taken). */
  options?: readonly FieldOption[];
  optionsLoading?: boolean;
  /** Money only: the currency symbol shown before the amount. */
  currencySymbol?: string;
  /** Record only: the records to pick from, whether they load, why they could not, and what is typed. */
  choices?: readonly FieldChoice[];
  choicesError?: string;
  onQueryChange?: (query: string) => void;
  /** Record only: the value is a list of ids, a pick adds one. */
  multiple?: boolean;
  /** Date only: what the day means to the call (said back with its zone). */
  day?: DayMeaning;
}

interface AnyFieldProps extends Omit<FieldProps<FieldValue>, 'label' | 'placeholder' | 'hint' | 'onChange'> {
  descriptor: FieldDescriptor;
  onChange: (value: FieldValue) => void;
}

/** Renders the component for a descriptor's kind. */
export function Field({ descriptor, value, onChange, ...common }: AnyFieldProps) {
  const props = {
    ...common,
    label: descriptor.label,
    placeholder: descriptor.placeholder,
    hint: descriptor.hint,
    value: typeof value === 'string' ? value : '',
    onChange,
  };
  switch (descriptor.kind) {
    case 'checkbox':
      return <CheckboxField {...props} value={value === true} onChange={onChange} />;
    case 'textarea':
      return <TextareaField {...props} />;
    case 'number':
      return <InputField {...props} inputMode="numeric" />;
    case 'money':
      return <InputField {...props} inputMode="decimal" prefix={descriptor.currencySymbol} />;
    case 'date':
      return <DateField {...props} day={descriptor.day} />;
    case 'select':
      return <SelectField {...props} options={descriptor.options ?? []} loading={descriptor.optionsLoading} />;
    case 'record':
      return (
        <ChooserField
          {...props}
          choices={descriptor.choices ?? []}
          loading={descriptor.optionsLoading}
          loadError={descriptor.choicesError}
          onQueryChange={descriptor.onQueryChange}
          multiple={descriptor.multiple}
        />
      );
    case 'text':
      return <InputField {...props} suggestions={descriptor.options} />;
  }
}

/** The value a field starts with when nothing is prefilled. */
export function emptyValue(kind: FieldKind): FieldValue {
  return kind === 'checkbox' ? false : '';
}
