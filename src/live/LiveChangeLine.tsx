import { useEffect, useState } from 'react';
import { useSession } from '../session/store';
import { type LiveChange, watchRecord } from './live-stream';

/** "just now", "3 min ago", "2 h ago": how long ago a change was, for a quiet line. */
export function agoText(at: string, now = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(at)) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

/**
 * Watches a record (`customer:57`) on the tab's live stream while shown: the page revalidates what changed, and this
 * line says quietly who else changed it last ("Hana Kobayashi gave $10.00 of credit · just now"); screen readers hear
 * it once (a polite status).
 */
export function LiveChangeLine({ record }: { record: string }) {
  const { userID } = useSession();
  const [change, setChange] = useState<LiveChange | null>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    setChange(null);
    return watchRecord(record, (heard) => {
      if (heard.staff_id !== userID) setChange(heard);
    });
  }, [record, userID]);
  useEffect(() => {
    if (!change) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 15_000);
    return () => clearInterval(timer);
  }, [change]);
  return (
    <p role="status" data-testid="live-change" className={change ? 'pb-1 text-xs text-muted' : 'sr-only'}>
      {change ? `${change.text} · ${agoText(change.at)}` : ''}
    </p>
  );
}
