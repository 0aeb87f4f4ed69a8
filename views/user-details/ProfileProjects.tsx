import { api } from '../../domain/api';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { DetailTable } from './DetailTable';
import { TabState } from './TabState';

interface ProfileProjectsProps {
  userId: number;
  kind: 'teaching' | 'additional';
  /** The chosen profile (null: the customer's first one). */
  profileId: number | null;
  onProfile: (profileId: number) => void;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function TeachingTable({ profileId }: { profileId: number }) {
  const { data, isLoading, error } = useCall(api.projects.teaching, { params: { profile_id: profileId } });
  if (!data) return <TabState what="the teaching projects" loading={isLoading} error={error} />;
  return (
    <DetailTable
      label="Teaching projects"
      rows={data.projects}
      rowKey={(row) => row.id}
      empty="This profile was not taught with any project."
      columns={[
        { header: 'Uploaded', cell: (row) => formatDateTime(row.upload_date) },
        { header: 'Project', cell: (row) => row.project_name },
        { header: 'Photos', numeric: true, cell: (row) => row.number_of_images_sent.toLocaleString('en-US') },
        { header: 'Teach', cell: (row) => yesNo(row.teach) },
        { header: 'Finetune', cell: (row) => yesNo(row.finetune) },
      ]}
    />
  );
}

function AdditionalTable({ profileId }: { profileId: number }) {
  const { data, isLoading, error } = useCall(api.projects.additional, { params: { profile_id: profileId } });
  if (!data) return <TabState what="the additional projects" loading={isLoading} error={error} />;
  return (
    <DetailTable
      label="Additional projects"
      rows={data.projects}
      rowKey={(row) => row.id}
      empty="No additional photos were added to this profile."
      columns={[
        { header: 'Uploaded', cell: (row) => formatDateTime(row.upload_date) },
        { header: 'Project', cell: (row) => row.project_name },
        { header: 'Photos', numeric: true, cell: (row) => row.photos_in_project.toLocaleString('en-US') },
        { header: 'Edited with the service', cell: (row) => yesNo(row.edited_with_imagen) },
      ]}
    />
  );
}

/** Teaching or additional projects of one of the customer's profiles, picked from its dropdown options. */
export function ProfileProjects({ userId, kind, profileId, onProfile }: ProfileProjectsProps) {
  const { data, isLoading, error } = useCall(api.profiles.dropdownOptions, { params: { user_id: userId } });
  if (!data) return <TabState what="the profiles" loading={isLoading} error={error} />;
  if (data.length === 0) {
    return <p className="text-sm text-muted">The customer has no profile, so no {kind} projects.</p>;
  }
  const chosen = data.find((option) => option.id === profileId) ?? data[0];
  if (!chosen) return null;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-1.5 text-sm">
        <span className="text-muted">Profile</span>
        <select
          className="h-7 rounded-md border border-line bg-raised px-2"
          value={chosen.id}
          onChange={(event) => onProfile(Number(event.target.value))}
        >
          {data.map((option) => (
            <option key={option.id} value={option.id}>
              {option.profile_name} (#{option.id})
            </option>
          ))}
        </select>
      </label>
      {kind === 'teaching' ? <TeachingTable profileId={chosen.id} /> : <AdditionalTable profileId={chosen.id} />}
    </div>
  );
}
