import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { navigateTo, userPath } from '../../commands/navigate';
import { facetControls, facetLabels, isFacetKey } from '../../domain/model-facets';
import { parameterByKey } from '../../domain/model-parameters';
import { can } from '../../domain/permissions';
import { modelStateLabels } from '../../domain/profiles';
import { PresenceLine } from '../../src/live/PresenceLine';
import { useSession } from '../../src/session/store';
import { Button } from '../../src/ui/Button';
import { EmptyState } from '../../src/ui/EmptyState';
import { PageHeader } from '../../src/ui/PageHeader';
import { Spinner } from '../../src/ui/Spinner';
import { useRefreshAfterRuns } from '../users/use-refresh-after-runs';
import { ModelNotes } from './ModelNotes';
import { ModelProjects } from './ModelProjects';
import { ModelSidebar } from './ModelSidebar';
import { ModelStatistics } from './ModelStatistics';
import { ModelSummary } from './ModelSummary';
import { runModelCommand } from './model-menu';
import {
  emptySelection,
  type ModelSelection,
  reachedByStep,
  selectionFromSearch,
  selectionSize,
  selectionToSearch,
  stepHistoryState,
  toggled,
  withoutField,
} from './selection-url';
import { useModelDetail } from './use-model-detail';

/** True when a key press belongs to a text field (shortcuts stay out of typing). */
function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return Boolean(element?.closest('input[type="text"], input:not([type]), textarea, select, [contenteditable="true"]'));
}

/**
 * One model's evidence (`/models/:id`, needs see_models): its state and lock, the sidebar of photo facets, its training
 * projects and every statistics section, all for the photos the selection keeps (kept in the address). `[` and `]`
 * step to the profile's previous and next model; state, lock, notes and projects change through commands.
 */
export default function ModelDetailsPage({ id }: { id: string }) {
  const modelId = Number(id);
  const search = useSearch();
  const [path, navigate] = useLocation();
  const selection = useMemo(() => selectionFromSearch(search), [search]);
  const { data, error, isLoading, isValidating, mutate } = useModelDetail(modelId, selection);
  const { userRole } = useSession();
  const canManage = can(userRole, 'manage_models');
  useRefreshAfterRuns(() => void mutate());

  const select = useCallback(
    (next: ModelSelection) => navigate(`${path}${selectionToSearch(next)}`, { replace: true }),
    [path, navigate],
  );
  const toggleFacet = useCallback(
    (key: string, value: string, only: boolean) => {
      if (isFacetKey(key) && facetControls[key] === 'radio') {
        const next = { ...selection, selection: { ...selection.selection } };
        if (value === 'ALL') delete next.selection[key];
        else next.selection[key] = [value];
        select(next);
        return;
      }
      select(toggled(selection, 'selection', key, value, only));
    },
    [selection, select],
  );
  const toggleValue = useCallback(
    (parameter: string, value: number) => select(toggled(selection, 'parameters', parameter, value)),
    [selection, select],
  );

  // Only the shown model's neighbours: while the next one loads, the previous answer is still on screen, and a second
  // press (or a key replayed once the palette's code arrived) must not step from it again.
  const pagination = data?.model.id === modelId ? data.model_pagination : undefined;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (document.querySelector('[role="dialog"], dialog[open]')) return;
      const to =
        event.key === '[' ? pagination?.previous_model_id : event.key === ']' ? pagination?.next_model_id : null;
      if (!to) return;
      event.preventDefault();
      // The neighbour is read under the same selection: comparing models of a profile means the same photos.
      navigateTo(`/models/${to}${selectionToSearch(selection)}`, { state: stepHistoryState });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [pagination, selection]);

  // A value the neighbour's photos lack (its 400 names the facet) is left out of the selection, and the page says so.
  const [dropped, setDropped] = useState<{ modelId: number; names: string[] }>({ modelId, names: [] });
  useEffect(() => {
    if (error?.status !== 400 || !error.field || !reachedByStep()) return;
    const next = withoutField(selection, error.field);
    if (!next) return;
    const key = error.field.slice(error.field.indexOf('.') + 1);
    const label = isFacetKey(key) ? facetLabels[key] : (parameterByKey(key)?.label ?? key);
    const values = (selection.selection[key] ?? selection.parameters[key] ?? []).join(', ');
    setDropped((current) => ({
      modelId,
      names: [...(current.modelId === modelId ? current.names : []), `${label} ${values}`],
    }));
    navigateTo(`${path}${selectionToSearch(next)}`, { replace: true, state: stepHistoryState });
  }, [error, selection, path, modelId]);

  if (!data) {
    return (
      <>
        <PageHeader title={`Model #${id}`} subtitle="Training photos, their edits and the model's state" />
        <div className="px-4 py-4 md:px-6">
          {isLoading ? (
            <Spinner label="Loading the model" />
          ) : (
            <EmptyState title={`Could not load model ${id}`} message={error?.message ?? 'No such model.'}>
              {error && error.status === 400 ? (
                <Button onClick={() => select(emptySelection)}>Clear the filters</Button>
              ) : (
                <Button onClick={() => void mutate()}>Try again</Button>
              )}
            </EmptyState>
          )}
        </div>
      </>
    );
  }
  const { model, lock } = data;
  const row = { id: model.id, user_id: model.user_id, last_updated_row: model.last_updated_row };
  const narrowed = selectionSize(selection) > 0;
  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-2">
            <span>
              Model #{model.id} · {model.name}
            </span>
            <span className="rounded bg-raised px-1.5 py-px text-[11px] font-medium" data-testid="model-state">
              {modelStateLabels[model.state]}
            </span>
            {model.held_from ? (
              <span className="text-xs font-normal text-muted" data-testid="model-held-from">
                held from {modelStateLabels[model.held_from]}
              </span>
            ) : null}
            {lock.is_locked ? (
              <span className="rounded bg-warning-soft px-1.5 py-px text-[11px] font-medium text-warning">Locked</span>
            ) : null}
          </span>
        }
        subtitle={
          <span>
            Profile{' '}
            <a className="text-accent hover:underline" href={userPath(model.user_id, 'profiles')}>
              {model.profile_name} #{model.profile_id}
            </a>{' '}
            of{' '}
            <a className="text-accent hover:underline" href={userPath(model.user_id)}>
              {model.user_email}
            </a>{' '}
            · model {data.model_pagination.current_model} of {data.model_pagination.total_models} (<kbd>[</kbd>{' '}
            <kbd>]</kbd> step)
          </span>
        }
        actions={
          <>
            {model.next_states.map((state) => (
              <Button
                key={state}
                variant={state === 'READY' ? 'primary' : 'secondary'}
                disabled={!canManage || lock.is_locked}
                onClick={() => runModelCommand('model.change-state', row, { state }, 'button')}
              >
                {state === model.held_from ? 'Release to' : 'Mark'} {modelStateLabels[state]}
              </Button>
            ))}
            <Button
              disabled={!canManage}
              onClick={() => runModelCommand(lock.is_locked ? 'model.unlock' : 'model.lock', row, {}, 'button')}
            >
              {lock.is_locked ? 'Unlock' : 'Lock'}
            </Button>
          </>
        }
      >
        <PresenceLine record={`model:${model.id}`} />
      </PageHeader>
      {lock.is_locked ? (
        <div role="status" className="border-b border-line bg-warning-soft px-4 py-2 text-xs text-warning md:px-6">
          Locked: {lock.lock_message ?? 'no message'} — every change but unlock is refused.
        </div>
      ) : null}
      {dropped.modelId === modelId && dropped.names.length > 0 ? (
        <div role="status" className="border-b border-line px-4 py-2 text-xs text-muted md:px-6" data-testid="dropped">
          Not among this model's photos, so left out of the selection: {dropped.names.join('; ')}.
        </div>
      ) : null}
      <div className="grid gap-4 px-4 py-4 md:grid-cols-[15rem_minmax(0,1fr)] md:px-6">
        <aside className="md:sticky md:top-2 md:max-h-[calc(100vh-6rem)] md:self-start md:overflow-auto">
          <ModelSidebar
            groups={data.sidebar}
            chosen={selection.selection}
            onToggle={toggleFacet}
            onClear={() => select(emptySelection)}
            narrowed={narrowed}
          />
        </aside>
        <div className="flex min-w-0 flex-col gap-4" aria-busy={isValidating}>
          <ModelSummary data={data} selection={selection} onClearValue={toggleValue} />
          <ModelProjects
            projects={data.projects}
            narrowed={narrowed}
            canManage={canManage && !lock.is_locked}
            onToggle={(projectId, excluded) =>
              runModelCommand(
                excluded ? 'model.include-project' : 'model.exclude-project',
                row,
                { project_id: String(projectId) },
                'button',
              )
            }
          />
          <ModelNotes
            notes={data.profile_notes}
            canManage={canManage}
            onAdd={() => runModelCommand('model.add-note', row, {}, 'button')}
          />
          <ModelStatistics sections={data.statistics} onToggleValue={toggleValue} />
        </div>
      </div>
    </>
  );
}
