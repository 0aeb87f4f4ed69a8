import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelProject } from '../../domain/models';
import { ModelProjects } from '../../views/models/ModelProjects';
import { DetailTable } from '../../views/user-details/DetailTable';

afterEach(cleanup);

const project = (id: number, name: string, is_excluded = false): ModelProject => ({
  id,
  name,
  type: 'TRAIN',
  upload_date: '2026-10-02T10:00:00Z',
  number_of_photos: { done: 40, total: 40 },
  selected_photos: 12,
  is_excluded,
});
const projects = [project(14, 'Smith wedding'), project(15, 'Autumn portraits', true)];

/** A key pressed where the focus is (the page itself when nothing is focused). */
function press(key: string): void {
  fireEvent.keyDown(document.activeElement ?? document.body, { key });
}

describe('j/k on a model’s training projects (issue 18, item 1)', () => {
  it('move between the rows, landing on each row’s include/exclude button, which runs for that project', () => {
    const onToggle = vi.fn();
    render(<ModelProjects projects={projects} narrowed={false} canManage onToggle={onToggle} />);
    press('j');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Exclude Smith wedding' }));
    press('j');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Include Autumn portraits' }));
    press('j');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Include Autumn portraits' }));
    press('k');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Exclude Smith wedding' }));
    (document.activeElement as HTMLElement).click();
    expect(onToggle).toHaveBeenCalledWith(14, false);
  });

  it('land on the row itself when the model cannot be changed (its buttons are disabled)', () => {
    render(<ModelProjects projects={projects} narrowed={false} canManage={false} onToggle={() => undefined} />);
    press('k');
    expect(document.activeElement?.tagName).toBe('TR');
    expect(document.activeElement?.textContent).toContain('Autumn portraits');
  });
});

describe('a details row without a record menu to land on', () => {
  it('Enter on the row and `.` open its menu', () => {
    const opened = vi.fn();
    render(
      <DetailTable
        label="Charges"
        rows={[{ id: 1508 }, { id: 1509 }]}
        rowKey={(row) => row.id}
        empty="None"
        columns={[
          { header: 'Charge', cell: (row) => `#${row.id}` },
          {
            header: 'Actions',
            cell: (row) => (
              <button type="button" aria-haspopup="menu" onClick={() => opened(row.id)}>
                ⋯
              </button>
            ),
          },
        ]}
      />,
    );
    press('j');
    press('j');
    expect(document.activeElement?.textContent).toContain('#1509');
    press('Enter');
    expect(opened).toHaveBeenLastCalledWith(1509);
    press('k');
    press('.');
    expect(opened).toHaveBeenLastCalledWith(1508);
    expect(opened).toHaveBeenCalledTimes(2);
  });
});
