import { useEffect } from 'react';
import type { ModelDetailAnswer } from '../../domain/models';
import { Button } from '../../src/ui/Button';
import { formatDate } from '../../src/ui/dates';
import { attachDetailRowKeys, detailRowAttribute, rowFocusAttribute } from '../user-details/detail-row-keys';

interface ModelProjectsProps {
  projects: ModelDetailAnswer['projects'];
  narrowed: boolean;
  canManage: boolean;
  onToggle: (projectId: number, excluded: boolean) => void;
}

const count = new Intl.NumberFormat('en-US');

/**
 * The model's training projects (type TRAIN): photos done/total, photos under the selection, and include/exclude.
 * `j`/`k` move between the rows as on a customer's details lists; the focus lands on the row's include/exclude button
 * (Enter asks for it), or on the row when the model cannot be changed.
 */
export function ModelProjects({ projects, narrowed, canManage, onToggle }: ModelProjectsProps) {
  useEffect(attachDetailRowKeys, []);
  return (
    <section aria-labelledby="model-projects" className="rounded border border-line bg-panel">
      <h2
        id="model-projects"
        className="border-b border-line px-3 py-2 text-xs font-semibold tracking-wide text-muted uppercase"
      >
        Training projects {narrowed ? '(with selected photos)' : ''}
      </h2>
      {projects.length === 0 ? (
        <p className="px-3 py-3 text-xs text-muted">No training project has photos under this selection.</p>
      ) : (
        <table className="w-full text-xs" data-testid="model-projects">
          <thead className="text-left text-muted">
            <tr>
              <th scope="col" className="px-3 py-1 font-medium">
                Project
              </th>
              <th scope="col" className="px-2 py-1 font-medium">
                Uploaded
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Photos done / total
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Selected
              </th>
              <th scope="col" className="px-3 py-1 text-right font-medium">
                Training
              </th>
            </tr>
          </thead>
          <tbody>
            {projects.map((project) => (
              <tr
                key={project.id}
                tabIndex={-1}
                {...{ [detailRowAttribute]: '' }}
                className={`border-t border-line focus:outline-2 focus:outline-accent focus-within:bg-hover ${project.is_excluded ? 'text-faint' : 'text-fg'}`}
              >
                <td className="px-3 py-1">
                  {project.name} <span className="text-faint">#{project.id}</span>
                </td>
                <td className="px-2 py-1 tabular-nums">{formatDate(project.upload_date)}</td>
                <td className="px-2 py-1 text-right tabular-nums">
                  {count.format(project.number_of_photos.done)} / {count.format(project.number_of_photos.total)}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{count.format(project.selected_photos)}</td>
                <td className="px-3 py-1 text-right">
                  <Button
                    size="sm"
                    disabled={!canManage}
                    {...{ [rowFocusAttribute]: '' }}
                    onClick={() => onToggle(project.id, project.is_excluded)}
                    aria-label={`${project.is_excluded ? 'Include' : 'Exclude'} ${project.name}`}
                  >
                    {project.is_excluded ? 'Excluded · include' : 'Included · exclude'}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
