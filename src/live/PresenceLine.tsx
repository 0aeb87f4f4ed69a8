import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useSession } from '../session/store';
import { formatTime } from '../ui/dates';
import { watchRecord } from './live-stream';
import { presenceState, startPresence } from './presence';

/**
 * Who else has this record open now, in the page's header: initials, name, since when and what they are doing ("in
 * Refund project"). Watches the record on the tab's live stream while shown; the tab beats every few seconds.
 */
export function PresenceLine({ record }: { record: string }) {
  const { userID } = useSession();
  const { byRecord } = useSnapshot(presenceState);
  useEffect(() => {
    startPresence();
    return watchRecord(record, () => {});
  }, [record]);
  const others = (byRecord[record] ?? []).filter((person) => person.staff_id !== userID);
  if (others.length === 0) return null;
  return (
    <ul aria-label="Also open by" data-testid="presence" className="flex flex-wrap gap-3 pb-1 text-xs text-muted">
      {others.map((person) => (
        <li key={person.staff_id} className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-flex size-5 items-center justify-center rounded-full bg-accent/20 text-[10px] font-semibold text-fg"
          >
            {person.initials}
          </span>
          <span>
            {person.name} · since {formatTime(person.since)}
            {person.activity ? ` · ${person.activity}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
