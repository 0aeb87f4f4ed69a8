import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { ChoicesFromCall, FieldContext, FieldSpec, OptionsFromCall } from '../../commands/define';
import { noteOffered } from '../../commands/offered-options';
import { runner } from '../../commands/runner';
import type { Endpoint } from '../../domain/endpoint';
import { call, swrKey, useCall } from '../../src/http';
import { useSession } from '../../src/session/store';
import { Field } from '../../src/ui/fields/Field';
import type { FieldChoice, FieldValue } from '../../src/ui/fields/types';
import { useDebounced } from '../../src/ui/use-debounced';
import { useFieldAvailability } from './use-field-availability';

interface CommandFieldProps {
  name: string;
  spec: FieldSpec;
  value: FieldValue;
  error?: string;
  disabled?: boolean;
  onChange: (value: FieldValue) => void;
  controlRef: (element: HTMLElement | null) => void;
}

function fromCall(spec: FieldSpec): OptionsFromCall | undefined {
  return spec.options && 'endpoint' in spec.options ? spec.options : undefined;
}

function FieldWithCallOptions({ source, ...props }: CommandFieldProps & { source: OptionsFromCall }) {
  const { userRole } = useSession();
  const input = source.input({ role: userRole, target: runner.run?.target });
  const { data, isLoading } = useCall(source.endpoint as Endpoint, input);
  const options = data === undefined ? [] : source.toOptions(data);
  // What the select offers is what the form then takes (a value only this server lists included).
  const inputKey = input === null ? null : JSON.stringify(input);
  useEffect(() => {
    if (data === undefined || inputKey === null) return;
    noteOffered(
      source,
      JSON.parse(inputKey),
      source.toOptions(data).map((option) => option.value),
    );
  }, [source, inputKey, data]);
  return <FieldOf {...props} options={options} loading={isLoading} />;
}

/** How long typing must pause before a chooser asks its list call again (calls that search on the server). */
const choicesQueryDelayMs = 150;

function FieldWithChoices({ source, ...props }: CommandFieldProps & { source: ChoicesFromCall }) {
  const { userRole } = useSession();
  const { run } = useSnapshot(runner);
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, choicesQueryDelayMs);
  // The values from the snapshot (a field re-asks when the one it hangs on changes); the target as the runner has it.
  const input = source.input({ role: userRole, target: runner.run?.target, values: run?.values }, settled.trim());
  const endpoint = source.endpoint as Endpoint;
  // Silent: a failed list is said under the field (and a typed id still works), not toasted.
  const { data, error, isLoading } = useSWR(
    input === null ? null : swrKey(endpoint, input),
    () => call(endpoint, input ?? {}, { silent: true }),
    { keepPreviousData: true },
  );
  return (
    <FieldOf
      {...props}
      choices={data === undefined ? [] : source.toChoices(data)}
      loading={isLoading}
      choicesError={error ? String((error as { message?: unknown }).message ?? error) : undefined}
      onQueryChange={setQuery}
    />
  );
}

function FieldOf({
  name,
  spec,
  options,
  loading,
  choices,
  choicesError,
  onQueryChange,
  ...props
}: CommandFieldProps & {
  options?: FieldSpec['options'];
  loading?: boolean;
  choices?: readonly FieldChoice[];
  choicesError?: string;
  onQueryChange?: (query: string) => void;
}) {
  const { userRole } = useSession();
  const context: FieldContext = { role: userRole, target: runner.run?.target };
  const hint = typeof spec.hint === 'function' ? spec.hint(context) : spec.hint;
  const availability = useFieldAvailability(name, spec);
  const availabilityNote =
    availability?.state === 'checking' ? 'Checking…' : availability?.state === 'available' ? '✓ Available' : undefined;
  const error = props.error ?? (availability?.state === 'unavailable' ? availability.message : undefined);
  return (
    <Field
      id={`command-field-${name}`}
      name={name}
      descriptor={{
        kind: spec.kind,
        label: spec.label,
        placeholder: spec.placeholder,
        hint: availabilityNote ? [hint, availabilityNote].filter(Boolean).join(' · ') : hint,
        currencySymbol: spec.currencySymbol?.(context),
        options: options && !('endpoint' in options) ? options : [],
        optionsLoading: loading,
        choices,
        choicesError,
        onQueryChange,
        multiple: spec.multiple,
        day: spec.day,
      }}
      {...props}
      error={error}
    />
  );
}

/** One parameter of a command's form, with its options (fixed, or fetched by their call). */
export function CommandField(props: CommandFieldProps) {
  if (props.spec.choices) return <FieldWithChoices {...props} source={props.spec.choices} />;
  const source = fromCall(props.spec);
  if (source) return <FieldWithCallOptions {...props} source={source} />;
  return <FieldOf {...props} options={props.spec.options} />;
}
