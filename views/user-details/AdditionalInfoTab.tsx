import { Link } from 'wouter';
import { api } from '../../domain/api';
import { type InfoTile, sharedTraitLabels } from '../../domain/user-details';
import { useCall } from '../../src/http';
import { formatDateTime } from '../users/customer-format';
import { TabState } from './TabState';
import type { UserTabProps } from './tab-props';

/** A tile's value: the customers it links to (other users ids), a date, or text; a dash when empty. */
function TileValue({ tile }: { tile: InfoTile }) {
  if (tile.links && tile.links.length > 0) {
    return (
      <span className="flex flex-wrap gap-x-2 gap-y-0.5">
        {tile.links.map((link) => {
          const shares = link.shares.map((trait) => sharedTraitLabels[trait]).join(', ');
          return (
            <Link
              key={link.user_id}
              href={`/users/${link.user_id}/general`}
              title={`Customer ${link.user_id}: ${shares}`}
              aria-label={`Customer ${link.user_id} (${shares})`}
              className="text-fg underline underline-offset-2"
            >
              {link.user_id}
            </Link>
          );
        })}
      </span>
    );
  }
  if (tile.value === null || tile.value === '') return <span className="text-faint">—</span>;
  return <>{tile.type === 'DATE' ? formatDateTime(tile.value) : tile.value}</>;
}

/** Additional info: the server's tiles, each a TEXT or a DATE; "Other users ids" links to those customers. */
export function AdditionalInfoTab({ row }: UserTabProps) {
  const { data, isLoading, error } = useCall(api.userDetails.additionalInfo, { params: { user_id: row.id } });
  if (!data) return <TabState what="the additional info" loading={isLoading} error={error} />;
  return (
    <ul aria-label="Additional info" className="grid gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
      {data.tiles.map((tile) => (
        <li key={tile.title} className="rounded-lg border border-line bg-panel px-3 py-2.5">
          <p className="text-xs text-muted">{tile.title}</p>
          <p className="mt-0.5 text-sm break-words text-fg">
            <TileValue tile={tile} />
          </p>
        </li>
      ))}
    </ul>
  );
}
