import { api } from '../../domain/api';
import { formatMoney } from '../../domain/money';
import { editingProjectTypeLabels, projectStatusLabels } from '../../domain/projects';
import { formatDate } from '../../src/ui/dates';
import { choicesFrom, type FieldSpec } from '../define';

/** Newest first; the typed text narrows the list on the server too (a customer may have thousands of projects). */
const projectQuery = (query: string) =>
  ({ page_size: 50, sort: 'date', order: 'desc', ...(query ? { q: query } : {}) }) as const;

/** The customer's editing project, picked by name, date, status, amount or id (row menus fill it in). */
export const editingProjectField: FieldSpec = {
  kind: 'record',
  label: 'Project',
  numeric: true,
  placeholder: 'Type part of its name, its date or id',
  choices: choicesFrom(
    api.projects.editing,
    ({ target }, query) => (target ? { params: { user_id: target.id }, query: projectQuery(query) } : null),
    (answer) =>
      answer.projects.map((project) => ({
        value: String(project.id),
        label: project.project_name,
        details: [
          formatDate(project.date),
          projectStatusLabels[project.project_status],
          formatMoney(project.total_charge),
          editingProjectTypeLabels[project.project_type],
        ],
      })),
  ),
};

/** The customer's video project, picked by name, date, status or id. */
export const videoProjectField: FieldSpec = {
  kind: 'record',
  label: 'Video project',
  numeric: true,
  placeholder: 'Type part of its name, its date or id',
  choices: choicesFrom(
    api.projects.video,
    ({ target }, query) => (target ? { params: { user_id: target.id }, query: projectQuery(query) } : null),
    (answer) =>
      answer.projects.map((project) => ({
        value: String(project.id),
        label: project.project_name,
        details: [
          formatDate(project.date),
          projectStatusLabels[project.project_status],
          `${project.duration_minutes} min`,
        ],
      })),
  ),
};
