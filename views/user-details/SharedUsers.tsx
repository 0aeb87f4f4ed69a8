import { Link } from 'wouter';
import type { UserTarget } from '../../commands/target';
import { api } from '../../domain/api';
import { useCall } from '../../src/http';
import { CommandButton } from './CommandButton';
import { DetailTable } from './DetailTable';
import { ProfilePanel } from './ProfilePanel';
import { TabState } from './TabState';

interface SharedUsersProps {
  profileId: number;
  /** The profile's name, for the heading. */
  name: string;
  /** The customer who owns the profile (the unshare command acts for them). */
  target: UserTarget;
  onClose: () => void;
}

/**
 * Who one of the customer's profiles is shared with, opened from its Sharing cell: each address, whether it is a
 * customer's, whether they were told, and Unshare as the row's command (hidden from roles that may not run it).
 */
export function SharedUsers({ profileId, name, target, onClose }: SharedUsersProps) {
  const { data, isLoading, error } = useCall(api.profiles.sharingUsers, { params: { profile_id: profileId } });
  return (
    <ProfilePanel
      id="shared-users"
      title={`Shared with · ${name}`}
      summary={data && `${data.users.length} of at most ${data.meta.max_shared_users}`}
      onClose={onClose}
    >
      {data ? (
        <DetailTable
          label={`People ${name} is shared with`}
          rows={data.users}
          rowKey={(user) => user.id}
          empty="Not shared with anyone now."
          columns={[
            { header: 'E-mail', cell: (user) => user.email },
            {
              header: 'Customer',
              cell: (user) =>
                user.user_id === null ? (
                  <span className="text-muted">Not a customer</span>
                ) : (
                  <Link href={`/users/${user.user_id}/profiles`} className="text-fg underline underline-offset-2">
                    {`Customer ${user.user_id}`}
                  </Link>
                ),
            },
            { header: 'Told', cell: (user) => (user.is_silent ? 'No, shared silently' : 'Yes, by e-mail') },
            {
              header: 'Actions',
              cell: (user) => (
                <CommandButton
                  commandId="profile.unshare"
                  target={target}
                  prefill={{ profile_id: String(profileId), email: user.email }}
                  label="Unshare"
                  ariaLabel={`Unshare ${name} with ${user.email}`}
                />
              ),
            },
          ]}
        />
      ) : (
        <TabState what="who the profile is shared with" loading={isLoading} error={error} />
      )}
    </ProfilePanel>
  );
}
