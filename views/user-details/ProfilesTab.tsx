import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { runCommand } from '../../commands/runner';
import type { UserTarget } from '../../commands/target';
import { api } from '../../domain/api';
import {
  type ProfileRow,
  profileColorLabels,
  profileSourceLabels,
  profileStatusLabels,
  profileTypeLabels,
  sharingTypeLabels,
} from '../../domain/profiles';
import { useCall } from '../../src/http';
import { Button } from '../../src/ui/Button';
import { formatDateTime } from '../users/customer-format';
import { type DetailColumn, DetailTable } from './DetailTable';
import { FinetuneHistory } from './FinetuneHistory';
import { RecordRowMenu } from './RecordRowMenu';
import { SharedUsers } from './SharedUsers';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

const none = <span className="text-faint">—</span>;
const count = (value: number) => value.toLocaleString('en-US');
const when = (value: string | null) =>
  value ? <span className="whitespace-nowrap">{formatDateTime(value)}</span> : none;

function Status({ profile }: { profile: ProfileRow }) {
  const tone =
    profile.status === 'READY'
      ? 'bg-success-soft text-success'
      : profile.status === 'DRAFT'
        ? 'bg-warning-soft text-warning'
        : 'bg-raised text-muted';
  return (
    <span className={`inline-flex rounded px-1.5 py-0.5 text-[11px] font-medium ${tone}`}>
      {profileStatusLabels[profile.status]}
    </span>
  );
}

/** Which panel a row opens below the list: its finetune history or who it is shared with. */
type Panel = 'history' | 'shared';
type OpenPanel = (profile: ProfileRow, panel: Panel) => void;

/** The row's sharing; on a profile shared with others, a button that lists who (and offers to unshare). */
function Sharing({ profile, onOpen }: { profile: ProfileRow; onOpen: OpenPanel }) {
  if (!profile.sharing) return none;
  const label = sharingTypeLabels[profile.sharing.type];
  if (profile.sharing.type !== 'SHARED_WITH_OTHERS') return <span className="whitespace-nowrap">{label}</span>;
  return (
    <button
      type="button"
      className="whitespace-nowrap text-fg underline underline-offset-2"
      aria-label={`Who ${profile.profile_name} (profile #${profile.id}) is shared with`}
      onClick={() => onOpen(profile, 'shared')}
    >
      {label}
    </button>
  );
}

/** A dropdown's value; why it cannot change is its tooltip (changing it arrives with the profile commands). */
interface ChoiceProps {
  profile: ProfileRow;
  field: 'format' | 'color';
  target: UserTarget;
  labelOf: (value: string) => string;
}

/**
 * A format or colour dropdown: read-only text with the reason as its tooltip when it cannot change; else a select
 * whose change opens the edit command prefilled with the new value and the version the row was read at.
 */
function Choice({ profile, field, target, labelOf }: ChoiceProps) {
  const dropdown = profile[field];
  if (dropdown.is_disabled) return <span title={dropdown.disable_message ?? undefined}>{labelOf(dropdown.value)}</span>;
  return (
    <select
      aria-label={`${field === 'format' ? 'Format' : 'Color'} of profile #${profile.id}`}
      className="h-7 rounded-md border border-line bg-raised px-1.5"
      value={dropdown.value}
      onChange={(event) =>
        void runCommand('profile.edit', {
          target,
          prefill: {
            profile_id: String(profile.id),
            [field]: event.target.value,
            last_updated_row: profile.last_updated_row,
          },
          origin: 'row-menu',
        })
      }
    >
      {dropdown.options.map((option) => (
        <option key={option.value} value={option.value}>
          {labelOf(option.value)}
        </option>
      ))}
    </select>
  );
}

interface RowActionsProps {
  profile: ProfileRow;
  target: UserTarget;
  onOpen: OpenPanel;
}

/** The row's actions: its finetune history, its commands (§4), and the owner's profiles for a shared profile. */
function RowActions({ profile, target, onOpen }: RowActionsProps) {
  const owner = profile.quick_actions.find((action) => action.name === 'GO_TO_OWNER');
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      <Button
        size="sm"
        onClick={() => onOpen(profile, 'history')}
        aria-label={`Finetune history of ${profile.profile_name} (profile #${profile.id})`}
      >
        History
      </Button>
      <RecordRowMenu kind="profile" id={profile.id} quickActions={profile.quick_actions} target={target} />
      {owner && profile.sharing && (
        <Link
          href={`/users/${profile.sharing.owner_id}/profiles`}
          className="text-fg underline underline-offset-2"
          aria-label={`Go to the owner of ${profile.profile_name} (customer ${profile.sharing.owner_id})`}
        >
          Go to owner
        </Link>
      )}
    </span>
  );
}

/** How each column the server may list shows a row; columns the server sends that are not here are skipped. */
function cellOf(key: string, target: UserTarget, onOpen: OpenPanel): DetailColumn<ProfileRow>['cell'] | null {
  const cells: Record<string, (profile: ProfileRow) => ReactNode> = {
    id: (profile) => `#${profile.id}`,
    profile_name: (profile) => profile.profile_name,
    status: (profile) => <Status profile={profile} />,
    sharing: (profile) => <Sharing profile={profile} onOpen={onOpen} />,
    format: (profile) => <Choice profile={profile} field="format" target={target} labelOf={(value) => value} />,
    color: (profile) => (
      <Choice
        profile={profile}
        field="color"
        target={target}
        labelOf={(value) => profileColorLabels[value as keyof typeof profileColorLabels] ?? value}
      />
    ),
    projects_sent_with_profile: (profile) => count(profile.projects_sent_with_profile),
    photos_sent_for_profile: (profile) => count(profile.photos_sent_for_profile),
    additional_photos: (profile) => count(profile.additional_photos),
    total_photos: (profile) => count(profile.total_photos),
    missing_for_finetune: (profile) => count(profile.missing_for_finetune),
    ready_for_finetune: (profile) => (profile.ready_for_finetune ? 'Yes' : 'No'),
    date_last_trained: (profile) => when(profile.date_last_trained),
    train_my_profile_date: (profile) => when(profile.train_my_profile_date),
    profile_type: (profile) => profileTypeLabels[profile.profile_type],
    profile_built_with: (profile) => profileSourceLabels[profile.profile_built_with],
    quick_actions: (profile) => <RowActions profile={profile} target={target} onOpen={onOpen} />,
  };
  return cells[key] ?? null;
}

const numericKeys = new Set([
  'projects_sent_with_profile',
  'photos_sent_for_profile',
  'additional_photos',
  'total_photos',
  'missing_for_finetune',
]);

/**
 * Profiles: the customer's own profiles, then the ones shared with them, in the server's columns (those it shows by
 * default); a row opens its finetune history (`?history=<profile id>`) or, shared with others, who it is shared with
 * (`?shared=<profile id>`) below the list, in the address so the view survives a reload.
 */
export function ProfilesTab({ row, target }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.profiles.list, { params: { user_id: row.id } });
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  if (!data) return <TabState what="the profiles" loading={isLoading} error={error} />;
  const openOf = (panel: Panel) => data.profiles.find((profile) => profile.id === Number(search.get(panel)));
  const history = openOf('history');
  const shared = openOf('shared');
  const openPanel = (profile: ProfileRow, panel: Panel) =>
    navigate(`${location}?${panel}=${profile.id}`, { replace: true });
  const close = () => navigate(location, { replace: true });
  const columns = data.headers
    .filter((header) => header.default_visible)
    .flatMap((header) => {
      const cell = cellOf(header.key, target, openPanel);
      return cell ? [{ header: header.label, cell, numeric: numericKeys.has(header.key) }] : [];
    });
  const owned = data.profiles.filter((profile) => profile.sharing?.type !== 'SHARED_WITH_ME');
  const live = owned.filter((profile) => profile.status !== 'DELETED').length;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-line bg-panel px-3 py-2 text-sm">
        <p>
          <span className="text-muted">Own profiles </span>
          <span className="font-semibold tabular-nums">
            {live} of {data.meta.max_personal_profiles}
          </span>
        </p>
        <p>
          <span className="text-muted">Shared with the customer </span>
          <span className="font-semibold tabular-nums">{data.profiles.length - owned.length}</span>
        </p>
      </div>
      <DetailTable
        label="Profiles"
        rows={data.profiles}
        rowKey={(profile) => profile.id}
        empty="No profiles yet."
        columns={columns}
      />
      {history && (
        <FinetuneHistory
          key={history.id}
          profileId={history.id}
          name={history.profile_name}
          target={target}
          onClose={close}
        />
      )}
      {shared && (
        <SharedUsers key={shared.id} profileId={shared.id} name={shared.profile_name} target={target} onClose={close} />
      )}
    </div>
  );
}
