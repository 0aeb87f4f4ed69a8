import { api } from '../../domain/api';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** Additional info: the server's tiles, each a TEXT or a DATE. */
export function AdditionalInfoTab({ row }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.additionalInfo, { params: { user_id: row.id } });
  if (!data) return <TabState what="the additional info" loading={isLoading} error={error} />;
  return (
    <ul aria-label="Additional info" className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
      {data.tiles.map((tile) => (
        <li key={tile.title} className="rounded-lg border border-line bg-panel px-3 py-2.5">
          <p className="text-xs text-muted">{tile.title}</p>
          <p className="mt-0.5 text-sm break-words text-fg">
            {tile.value === null || tile.value === '' ? (
              <span className="text-faint">—</span>
            ) : tile.type === 'DATE' ? (
              formatDateTime(tile.value)
            ) : (
              tile.value
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
