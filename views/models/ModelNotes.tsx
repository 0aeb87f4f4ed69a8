import type { ModelDetailAnswer } from '../../domain/models';
import { Button } from '../../src/ui/Button';
import { formatDateTime } from '../../src/ui/dates';

/** The profile's notes, newest first, and a button to add one. */
export function ModelNotes({
  notes,
  canManage,
  onAdd,
}: {
  notes: ModelDetailAnswer['profile_notes'];
  canManage: boolean;
  onAdd: () => void;
}) {
  return (
    <section aria-labelledby="model-notes" className="rounded border border-line bg-panel">
      <div className="flex items-center justify-between border-b border-line px-3 py-1.5">
        <h2 id="model-notes" className="text-xs font-semibold tracking-wide text-muted uppercase">
          Profile notes
        </h2>
        <Button size="sm" disabled={!canManage} onClick={onAdd}>
          Add note
        </Button>
      </div>
      {notes.length === 0 ? (
        <p className="px-3 py-2 text-xs text-muted">No notes on this profile yet.</p>
      ) : (
        <ul className="max-h-40 overflow-auto">
          {notes.map((note) => (
            <li key={note.id} className="border-t border-line px-3 py-1.5 text-xs first:border-t-0">
              <p className="text-fg">{note.body}</p>
              <p className="text-faint">
                {note.author} · {formatDateTime(note.date)}
                {note.model_id ? ` · model #${note.model_id}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
