import { useLocation, useSearch } from 'wouter';
import { editingProjectSorts, type ProjectPageQuery } from '../../domain/projects';
import { ProfileProjects } from './ProfileProjects';
import { EditingProjects, VideoProjects } from './ProjectLists';
import type { UserTabProps } from './tab-props';

const views = [
  ['editing', 'Editing'],
  ['video', 'Video'],
  ['teaching', 'Teaching'],
  ['additional', 'Additional'],
] as const;
type View = (typeof views)[number][0];

/** The list's paging from the address, each value checked (anything else falls back to the default). */
function queryOf(search: URLSearchParams): ProjectPageQuery {
  const page = Number(search.get('page'));
  const sort = search.get('sort');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    page_size: 50,
    sort: (editingProjectSorts as readonly string[]).includes(sort ?? '') ? (sort as ProjectPageQuery['sort']) : 'date',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/**
 * Projects: the customer's editing, video, teaching and additional projects, one sub-view at a time. The sub-view,
 * page, sort and the chosen profile live in the address (`?view=video&page=2&sort=date&order=asc`, `&profile=7`).
 */
export function ProjectsTab({ row, target }: UserTabProps) {
  const search = new URLSearchParams(useSearch());
  const [location, navigate] = useLocation();
  const view: View = views.some(([key]) => key === search.get('view')) ? (search.get('view') as View) : 'editing';
  const go = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, String(value));
    }
    const text = next.toString();
    navigate(text ? `${location}?${text}` : location, { replace: true });
  };
  const query = queryOf(search);
  const onQuery = (changes: Partial<ProjectPageQuery>) => go(changes);
  const profile = Number(search.get('profile'));
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex gap-1">
        <legend className="sr-only">Kind of project</legend>
        {views.map(([key, label]) => (
          <button
            key={key}
            type="button"
            aria-pressed={view === key}
            onClick={() => go({ view: key === 'editing' ? null : key, page: null, sort: null, order: null })}
            className={`h-7 rounded-md border px-3 text-sm ${view === key ? 'border-accent bg-accent-soft text-accent' : 'border-line bg-raised text-fg hover:bg-hover'}`}
          >
            {label}
          </button>
        ))}
      </fieldset>
      {view === 'editing' && <EditingProjects userId={row.id} target={target} query={query} onQuery={onQuery} />}
      {view === 'video' && <VideoProjects userId={row.id} target={target} query={query} onQuery={onQuery} />}
      {(view === 'teaching' || view === 'additional') && (
        <ProfileProjects
          userId={row.id}
          kind={view}
          profileId={Number.isInteger(profile) && profile > 0 ? profile : null}
          onProfile={(id) => go({ profile: id })}
        />
      )}
    </div>
  );
}
