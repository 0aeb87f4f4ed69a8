import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { permitted } from '../../commands/access';
import { commandById } from '../../commands/index';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import { customerRowViews } from '../../commands/users/customer-views';
import { api } from '../../domain/api';
import { can } from '../../domain/permissions';
import type { UserDetails } from '../../domain/user-details';
import { type ApiError, call, failureTitle, revalidateCalls } from '../../src/http';
import { useLeaveGuard } from '../../src/routing/leave-guard';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { DialogActions } from '../../src/ui/DialogActions';
import { formatDateTime } from '../../src/ui/dates';
import { InputField } from '../../src/ui/fields/InputField';
import { TextareaField } from '../../src/ui/fields/TextareaField';
import { formatId } from '../../src/ui/ids';
import { Kbd } from '../../src/ui/Kbd';
import { toast } from '../../src/ui/toast-store';
import {
  changedFields,
  type DetailField,
  type DetailsDraft,
  type DraftErrors,
  detailLabels,
  draftOf,
  fieldMessage,
  fieldOfServerError,
  saveBodyOf,
  validateSave,
} from './details-form';
import { FactGroup } from './FactGroup';
import { type EmailCheck, useEmailCheck } from './use-email-check';

const labels = detailLabels;

const emailHints: Record<EmailCheck, string | undefined> = {
  unchanged: undefined,
  invalid: undefined,
  checking: 'Checking whether the e-mail is free…',
  free: 'Free: no other customer uses it.',
  taken: undefined,
  refused: undefined,
  unknown: 'Could not check the e-mail now; the server checks it again on save.',
};

/** What the e-mail check puts under the field: taken, or the server's reason for refusing to check it. */
function emailError(check: EmailCheck, reason: string | undefined): string | undefined {
  if (check === 'taken') return 'Another customer already uses this e-mail';
  return check === 'refused' ? reason : undefined;
}

interface DetailsFormProps {
  details: UserDetails;
  target: UserTarget;
  /** Refetches the details (after a stale save); resolves with the fresh ones. */
  reload: () => Promise<UserDetails | undefined>;
  /** Stores the saved details as the cached answer. */
  saved: (details: UserDetails) => void;
}

/**
 * The spec's details form: required names and e-mail, optional fields, the read-only facts and the password row.
 * Sends only the changed fields with the version read; a stale version (409) offers a reload; the e-mail is checked
 * as it is typed. Ctrl/Cmd+Enter saves; leaving with unsaved changes asks first.
 */
export function DetailsForm({ details, target, reload, saved }: DetailsFormProps) {
  const { userRole } = useSession();
  const editable = can(userRole, 'user_details_edit');
  const [base, setBase] = useState(details);
  const [draft, setDraft] = useState<DetailsDraft>(() => draftOf(details));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const changed = changedFields(base, draft);
  const dirty = changed.length > 0;
  const { check: emailCheck, reason: emailRefusal } = useEmailCheck(details.id, base.email, draft.email);
  const firstField = useRef<HTMLElement | null>(null);
  const search = useSearch();

  useEffect(() => {
    if (!dirty && details.last_updated_row !== base.last_updated_row) {
      setBase(details);
      setDraft(draftOf(details));
    }
  }, [details, base.last_updated_row, dirty]);

  useEffect(() => {
    if (new URLSearchParams(search).has('edit')) firstField.current?.focus();
  }, [search]);

  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty && !busy;
  useLeaveGuard(useCallback(() => dirtyRef.current, []));

  function edit(field: DetailField, value: string): void {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function onReload(): Promise<void> {
    const fresh = await reload();
    if (!fresh) return;
    setBase(fresh);
    setDraft(draftOf(fresh));
    setErrors({});
    setStale(false);
  }

  async function save(): Promise<void> {
    // Save is disabled while nothing differs from what is saved; Ctrl+Enter does nothing then either.
    if (!editable || busy || !dirty) return;
    const body = saveBodyOf(base, draft);
    const invalid = validateSave(body);
    if (emailCheck === 'taken') invalid.email = 'Another customer already uses this e-mail';
    if (emailCheck === 'checking') invalid.email = 'Still checking whether this e-mail is free; try again';
    if (Object.values(invalid).some(Boolean)) {
      setErrors(invalid);
      return;
    }
    setBusy(true);
    try {
      const answer = await call(
        api.userDetails.saveDetails,
        { params: { user_id: details.id }, body },
        { silent: true },
      );
      setBase(answer);
      setDraft(draftOf(answer));
      saved(answer);
      toast({ title: 'Details saved', message: `${changed.map((field) => labels[field]).join(', ')} changed.` });
      void revalidateCalls(...customerRowViews);
    } catch (raw) {
      const error = raw as ApiError;
      if (error.code === 'cancel_request') return;
      if (error.code === 'stale_version') setStale(true);
      const field = error.code === 'email_taken' ? 'email' : fieldOfServerError(error.field);
      if (field) setErrors({ [field]: fieldMessage(error.message) });
      toast({ title: failureTitle(error, 'Could not save details'), message: error.message, type: 'negative' });
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void save();
  }

  function onKeyDown(event: KeyboardEvent<HTMLFormElement>): void {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    }
  }

  const input = (field: DetailField, hint?: string) => (
    <InputField
      id={`details-${field}`}
      name={field}
      label={`${labels[field]}${['first_name', 'last_name', 'email'].includes(field) ? ' *' : ''}`}
      value={draft[field]}
      onChange={(value) => edit(field, value)}
      error={errors[field] ?? (field === 'email' ? emailError(emailCheck, emailRefusal) : undefined)}
      hint={hint}
      disabled={!editable || busy}
      controlRef={field === 'first_name' ? (element) => (firstField.current = element) : undefined}
    />
  );
  const reset = commandById('user.send-reset-password-email');
  const canReset = reset !== undefined && permitted(reset, userRole);

  return (
    <div className="grid items-start gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <form
        noValidate
        aria-label="Customer details"
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        className="rounded-lg border border-line bg-panel"
      >
        <h2 className="border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase">Details</h2>
        {stale ? (
          <div role="alert" className="m-3 flex items-center gap-3 rounded-md bg-warning-soft px-3 py-2 text-sm">
            <p className="flex-1 text-fg">
              Someone else saved this customer’s details after you opened them, so your changes were not saved. Reload
              to see their version, then make your change again.
            </p>
            <Button variant="primary" onClick={() => void onReload()}>
              Reload
            </Button>
          </div>
        ) : null}
        <div className="grid gap-3 px-3 py-3 sm:grid-cols-2">
          {input('first_name')}
          {input('last_name')}
          {input('email', emailHints[emailCheck])}
          {input('cc_emails', 'Separated by commas; up to 5.')}
          {input('business_name')}
          {input('vat_id')}
          {input('country')}
          {input('address')}
          <div className="sm:col-span-2">
            <TextareaField
              id="details-notes"
              name="notes"
              label={labels.notes}
              value={draft.notes}
              onChange={(value) => edit('notes', value)}
              error={errors.notes}
              hint="For staff only."
              disabled={!editable || busy}
            />
          </div>
        </div>
        {editable ? (
          <DialogActions>
            <span className="flex-1 text-xs text-muted">
              {dirty ? `Unsaved: ${changed.map((field) => labels[field]).join(', ')}` : 'No unsaved changes'}
            </span>
            <Button
              variant="ghost"
              disabled={!dirty || busy}
              onClick={() => {
                setDraft(draftOf(base));
                setErrors({});
              }}
            >
              Discard
            </Button>
            <Button
              type="submit"
              variant="primary"
              busy={busy}
              disabled={!dirty || emailCheck === 'taken'}
              hint={<Kbd className="ml-1">Ctrl ↵</Kbd>}
            >
              Save
            </Button>
          </DialogActions>
        ) : null}
      </form>
      <FactGroup
        title="Read-only"
        items={[
          ['Full name', base.full_name],
          ['Id', formatId(base.id)],
          ['Referred users', `${base.referred_users.signups} sign-ups, ${base.referred_users.subscribed} subscribed`],
          ['Last activity', base.last_activity ? formatDateTime(base.last_activity) : null],
          ['Currency', base.currency],
          [
            'Password',
            canReset ? (
              <Button
                key="reset"
                size="sm"
                onClick={() => void runCommand('user.send-reset-password-email', { target, origin: 'button' })}
              >
                Send reset link
              </Button>
            ) : (
              'Set by the customer'
            ),
          ],
        ]}
      />
    </div>
  );
}
