import type { z } from 'zod';
import type { BulkCommandName } from '../domain/bulk';
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from '../domain/endpoint';
import type { Permission } from '../domain/permissions';
import type { Role } from '../domain/roles';
import type { DayMeaning } from '../src/ui/day-meaning';
import type { FieldChoice, FieldKind, FieldOption, FieldValue } from '../src/ui/fields/types';
import type { AvailabilitySpec } from './field-availability';
import type { TargetKind, TargetOf, UserTarget } from './target';

/** Where a command is listed in the palette. */
export type CommandGroup = 'Customer' | 'Go to' | 'Customer tabs' | 'Operations' | 'You';

/** Whether a command can run on a target now: enabled, shown but disabled with a reason, or not shown at all. */
export type Availability = { state: 'enabled' } | { state: 'disabled'; reason: string } | { state: 'hidden' };

export const enabled: Availability = { state: 'enabled' };
export const hidden: Availability = { state: 'hidden' };
export function disabled(reason: string): Availability {
  return { state: 'disabled', reason };
}

/** A call's input; a body (POST list calls) must not depend on what is typed: SWR keys leave it out. */
type CallInputOf<E extends Endpoint> = { params?: ParamsOf<E>; query?: QueryOf<E>; body?: BodyOf<E> };

/** Select options fetched by a call (SWR-cached), mapped from its answer. */
export interface OptionsFromCall {
  endpoint: Endpoint;
  /** The call's input; `null` waits (e.g. until the customer is chosen). */
  input(context: FieldContext): { params?: Record<string, unknown>; query?: Record<string, unknown> } | null;
  toOptions: (answer: unknown) => readonly FieldOption[];
}

/**
 * Options of a select field from a call of the catalogue: with a fixed input (the give-credit reasons), or one made
 * from the role and the customer acted on (the currencies a customer may change to); a function answering `null`
 * waits.
 */
export function optionsFrom<E extends Endpoint>(
  endpoint: E,
  input: CallInputOf<E> | ((context: FieldContext) => CallInputOf<E> | null),
  toOptions: (answer: AnswerOf<E>) => readonly FieldOption[],
): OptionsFromCall {
  return {
    endpoint,
    input: (typeof input === 'function' ? input : () => input) as OptionsFromCall['input'],
    toOptions: toOptions as (answer: unknown) => readonly FieldOption[],
  };
}

/** The records a chooser (`record` field) offers, fetched by a list call of the catalogue, newest first. */
export interface ChoicesFromCall {
  endpoint: Endpoint;
  /** The call's input for the customer (or page) and what is typed; `null` waits (e.g. until the customer is chosen). */
  input(
    context: FieldContext,
    query: string,
  ): { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown } | null;
  toChoices: (answer: unknown) => readonly FieldChoice[];
}

/**
 * A chooser's records from a list call: its input from the customer acted on (and the typed text, for calls that search
 * on the server), its answer mapped to choices (name, then date, status, amount; newest first).
 */
export function choicesFrom<E extends Endpoint>(
  endpoint: E,
  input: (context: FieldContext, query: string) => CallInputOf<E> | null,
  toChoices: (answer: AnswerOf<E>) => readonly FieldChoice[],
): ChoicesFromCall {
  return {
    endpoint,
    input: input as ChoicesFromCall['input'],
    toChoices: toChoices as (answer: unknown) => readonly FieldChoice[],
  };
}

/** What a field's hint or prefix may depend on: the signed-in role and the customer acted on. */
export interface FieldContext {
  role: Role | null;
  target: UserTarget | undefined;
  /** The form's values as typed (choosers whose records hang on another field: a profile's models). */
  values?: Readonly<Record<string, FieldValue>>;
}

/** How one parameter is asked for in the form. */
export interface FieldSpec {
  kind: FieldKind;
  label: string;
  placeholder?: string;
  /** A line under the field; a function where it depends on the role or customer (e.g. a cap). */
  hint?: string | ((context: FieldContext) => string | undefined);
  /**
   * A rule the schema cannot state because it depends on the role or the customer (the capped roles' credit cap):
   * given the parsed value, the message to show under the field, or undefined when it is fine. The server holds the
   * same rule (from domain/); this only says so before confirmation.
   */
  check?: (value: unknown, context: FieldContext) => string | undefined;
  /** Select: a fixed list, or options from a call. Text: suggestions as the person types (any text is still taken). */
  options?: readonly FieldOption[] | OptionsFromCall;
  /** Select only: the values are numbers and are sent as numbers. Record fields: the ids are numbers. */
  numeric?: boolean;
  /** Record only: where its records come from. */
  choices?: ChoicesFromCall;
  /** Record only: a list of ids (`101, 102`); a pick adds its id to the list, the text after the last comma searches. */
  multiple?: boolean;
  /** Money only: the currency symbol shown before the amount. */
  currencySymbol?: (context: FieldContext) => string | undefined;
  /**
   * Date only, where the call depends on the day's boundary: from its start, until its end or at a time, in the staff
   * member's zone (sent as an instant; a typed time replaces the boundary) or in UTC (sent as the day). Said back with
   * the zone under the field. Without it a date field sends the day and refuses a typed time.
   */
  day?: DayMeaning;
  /** A check against the server as the person types (e.g. is this e-mail free?); Continue waits until it passes. */
  availability?: AvailabilitySpec;
}

/** What a command shows after it ran, instead of closing: e.g. a single-use link to copy. */
export interface RunResult {
  title: string;
  message?: string;
  /** A value to copy, with its label (Enter copies it). */
  copy?: { label: string; value: string };
}

/** One priced line of a preview: "Monthly payment  $1,200.00". */
export interface PreviewLine {
  label: string;
  value: string;
  /** The line that is charged or credited now (shown larger). */
  emphasis?: boolean;
}

/** What a money command will do, as the server priced it (a summary call), shown on the confirmation page. */
export interface Preview {
  /** One sentence naming the amount and currency, e.g. "Charges €49.00 to Visa •••• 4242 now." */
  headline: string;
  lines: readonly PreviewLine[];
  /** Set when the action cannot run as asked: why (the confirm button is then disabled). */
  blocked?: string;
  /**
   * What the server priced, sent back with the action (`RunContext.quote`) so that the server refuses (409) instead
   * of storing other numbers than the ones confirmed, e.g. when a rate or a balance moved in between.
   */
  quote?: Readonly<Record<string, unknown>>;
}

/** How a command prices itself before it runs: loaded when the confirmation opens (and again if params change). */
export interface PreviewSpec<T extends TargetKind, S extends z.ZodObject> {
  load(context: { target: TargetOf<T>; params: z.output<S>; signal: AbortSignal }): Promise<Preview>;
  /**
   * Called as the form opens and on every change: may start the preview's reads early (`readAhead`) once the values
   * it needs are known, so the confirmation does not wait for them.
   */
  ahead?(context: { target: TargetOf<T> | undefined; values: Readonly<Record<string, FieldValue>> }): void;
}

/**
 * Where a form's starting values come from the server (the default contract terms, the running contract's terms):
 * loaded when the form opens for a customer; they fill only fields nobody (deep link, caller) filled.
 */
export interface PrefillSpec<T extends TargetKind> {
  load(context: { target: TargetOf<T>; signal: AbortSignal }): Promise<Prefill>;
}

/** What a prefill answers: the starting values, and the form as the server shaped it when it describes its fields. */
export interface Prefill {
  values: Readonly<Record<string, string>>;
  /** The fields (and their schema) the server's answer names, typed and labelled as it says (the contract forms). */
  params?: ParamsSpec;
}

/** A command's parameters: the domain's zod schema (the one the server validates) and a field for each key. */
export interface ParamsSpec<S extends z.ZodObject = z.ZodObject> {
  schema: S;
  fields: { [K in keyof z.input<S> & string]-?: FieldSpec };
}

/** What `run` receives: the target, the parsed parameters and the key that makes a resubmit safe. */
export interface RunContext<T extends TargetKind = TargetKind, S extends z.ZodObject = z.ZodObject> {
  target: TargetOf<T>;
  params: z.output<S>;
  /** Made once per opened form; the same on every resubmit of that form until the server answers it for good. */
  idempotencyKey: string;
  signal: AbortSignal;
  /** The confirmed preview's quote (see `Preview.quote`), when the command has one. */
  quote?: Readonly<Record<string, unknown>>;
}

/**
 * How a money command speaks of an outcome it had to ask again for (its request got no answer): "Checking whether
 * the credit was given…", then "Given at 12:03 (#4711)" or "Not given: nothing changed".
 */
export interface OutcomeWords {
  /** "the credit was given", after "Checking whether ". */
  checking: string;
  /** "Given", before " at 12:03 (#4711)". */
  done: string;
  /** "Not given", before ": nothing changed". */
  notDone: string;
  /** When it was done and the id of the row it wrote, from the answer. */
  record(answer: unknown): { at?: string | undefined; id?: number | null | undefined };
}

/**
 * A money command whose amount may need a second person (issue 22): above the role's threshold the server answers 403
 * `approval_required`; the confirmation then says so and offers to send the previewed arguments as a request instead.
 */
export interface ApprovalSpec<T extends TargetKind = TargetKind, S extends z.ZodObject = z.ZodObject> {
  /** Sends the request (the same arguments the confirmation shows); answers the request's id. */
  request(context: RunContext<T, S>): Promise<{ id: number }>;
  /** What is asked for, for the notices: "$250.00 of credit for Kenji Tran". */
  what(context: RunContext<T, S>): string;
}

/** What every command states, whatever it does. */
interface CommandBase<Id extends string, T extends TargetKind> {
  /** Stable: deep links, recents and shortcuts name it. */
  id: Id;
  /** Imperative, short: "Suspend", "Go to Users: Search". */
  title: string;
  group: CommandGroup;
  /**
   * The permission the role must hold (a list: any of them, e.g. give_credit or give_credit_capped); `null` only
   * where any signed-in staff member may (plain navigation, and `immediate` commands for yourself: sign out, theme).
   */
  permission: Permission | readonly Permission[] | null;
  target: T;
  /** e.g. `Shift+S`: works when focus is not in a text input and no dialog is open. */
  shortcut?: string;
  /**
   * Aliases: other words a newcomer may type for it ("ban" for Suspend, "sign out" for Force logout). The palette
   * matches them below any match of the title.
   */
  keywords?: readonly string[];
  /** Shown and enabled for this target? The server's quick actions, when the row has them, are checked first. */
  available?(target: TargetOf<T>): Availability;
}

/** A command that changes something through a call. */
export interface ActionCommand<
  Id extends string = string,
  T extends TargetKind = TargetKind,
  S extends z.ZodObject = z.ZodObject,
> extends CommandBase<Id, T> {
  kind: 'action';
  /** The form's fields; omitted when the command takes none. */
  params?: ParamsSpec<S>;
  /** Destructive and money commands ask once more, naming the target and the consequence. */
  confirm: 'destructive' | 'money' | false;
  /**
   * Runs at once when chosen, with no form and no review page: only for what changes the person's own console (sign
   * out, switch theme, keyboard help), and Undo (the toast's button is the review; the server audits it).
   */
  immediate?: true;
  /** The confirmation's sentence, e.g. "Jane Doe will not be able to sign in or be charged." */
  consequence?(target: TargetOf<T>, params: z.output<S>): string;
  /** Money commands: the server's price of the action, shown on the confirmation before anything runs. */
  preview?: PreviewSpec<T, S>;
  /** The form's starting values from the server; the form waits for them (fields disabled, then focused). */
  prefill?: PrefillSpec<T>;
  run(context: RunContext<T, S>): Promise<unknown>;
  /** Something to show from the answer once it ran (the run then stays open on it until closed). */
  result?(answer: unknown, context: RunContext<T, S>): RunResult;
  /** The calls whose cached answers this command changes; revalidated after it succeeds. */
  revalidates: readonly Endpoint[];
  /**
   * Runs over a selection too (domain/bulk.ts): the bulk command whose single call this command makes. With selected
   * customers, the palette and the row menu offer "<title> N customers…" (commands/bulk/flow.ts).
   */
  bulk?: BulkCommandName;
  /** Amounts that may need a second person's approval: what the confirmation sends instead (see `ApprovalSpec`). */
  approval?: ApprovalSpec<T, S>;
  /** Money commands: the words for an outcome learnt by asking again after no answer (see `OutcomeWords`). */
  outcome?: OutcomeWords;
  /** The success toast's title; omitted for commands whose effect is visible by itself (navigation). */
  successMessage?(context: RunContext<T, S>): string;
}

/** A command that goes to a page. */
export interface NavigateCommand<Id extends string = string, T extends TargetKind = TargetKind>
  extends CommandBase<Id, T> {
  kind: 'navigate';
  path(target: TargetOf<T>): string;
}

/** Any command, as the runner and the palette see it. */
export type Command =
  | ActionCommand<string, 'user', z.ZodObject>
  | ActionCommand<string, 'none', z.ZodObject>
  | NavigateCommand<string, 'user'>
  | NavigateCommand<string, 'none'>;

/** Declares an action command; the literal id is kept for `CommandId`. */
export function defineCommand<const Id extends string, T extends TargetKind, S extends z.ZodObject = z.ZodObject>(
  command: Omit<ActionCommand<Id, T, S>, 'kind'>,
): ActionCommand<Id, T, S> {
  return { ...command, kind: 'action' };
}

/** Declares a navigation command. */
export function defineNavigation<const Id extends string, T extends TargetKind>(
  command: Omit<NavigateCommand<Id, T>, 'kind'>,
): NavigateCommand<Id, T> {
  return { ...command, kind: 'navigate' };
}

/** The target a user command acts on, narrowed for code that handles any command. */
export function needsUser(command: Command): boolean {
  return command.target === 'user';
}

export type { UserTarget };
