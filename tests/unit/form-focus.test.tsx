import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancelRun, runCommand, runner } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import { refundReasons } from '../../domain/refunds';
import { clearSession } from '../../src/session/store';
import { Palette } from '../../views/palette/Palette';
import { customerRow, usersAnswer } from './support/customer-row';
import { editingProject } from './support/editing-project';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

let server: FakeApi;
const projects = [
  editingProject({ id: 31, project_name: 'Smith wedding', date: '2026-11-20T10:00:00Z' }),
  editingProject({ id: 7, project_name: 'Autumn portraits', date: '2026-10-02T10:00:00Z' }),
];
let releaseReasons: () => void;

const jane = () => userTarget(customerRow());
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const refundForm = () => screen.getByRole('form', { name: 'Refund project form' }) as HTMLFormElement;

/** A change, then whatever renders and effects it causes. */
async function typeInto(label: string, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(field(label), { target: { value } });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function openRefund(prefill?: Record<string, string>): Promise<void> {
  renderAt('/users/42/projects', <Palette />);
  await act(async () => {
    await runCommand('project.refund', { target: jane(), origin: 'button', ...(prefill ? { prefill } : {}) });
  });
  await screen.findByRole('form', { name: 'Refund project form' });
}

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  cancelRun();
  clearSession();
  signedInAs('ADMIN');
  server = new FakeApi();
  server.delay = 0;
  const reasons = new Promise<void>((resolve) => {
    releaseReasons = resolve;
  });
  server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
  server.on('GET', '/admin/users/42/projects', (seen) => ({
    status: 200,
    body: {
      headers: [],
      projects: projects.filter((row) => {
        const q = new URLSearchParams(seen.search).get('q')?.toLowerCase();
        return !q || row.project_name.toLowerCase().includes(q) || `#${row.id}` === q || String(row.id) === q;
      }),
      meta: { total_number_of_projects: projects.length, page: 1, page_size: 50 },
    },
  }));
  server.on('GET', '/admin/refund_possible_reasons', async () => {
    await reasons;
    return { status: 200, body: refundReasons };
  });
  server.install();
});

afterEach(() => {
  cleanup();
  cancelRun();
});

describe('a command form’s focus (useFormFocus)', () => {
  it('opens on the first empty field: a prefilled one is never the focused one', async () => {
    await openRefund({ project_id: '7' });
    await waitFor(() => expect(document.activeElement).toBe(field('Amount')));
  });

  it('opens on the submit button when every field is prefilled; Ctrl+Enter there goes on', async () => {
    await openRefund({ project_id: '7', amount: '15', to: 'credit', reason: 'COUPONS', description: 'Ticket 12' });
    releaseReasons();
    const submit = screen.getByRole('button', { name: /Continue/ });
    await waitFor(() => expect(document.activeElement).toBe(submit));
    fireEvent.keyDown(submit, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(runner.run?.step).toBe('confirm'));
  });

  it('after a rejected submit focuses the first invalid field once; typing to fix fields never moves it', async () => {
    await openRefund();
    releaseReasons();
    await waitFor(() => expect(document.activeElement).toBe(field('Project')));
    fireEvent.submit(refundForm());
    await waitFor(() => expect(runner.run?.errors.fields.project_id).toBeTruthy());
    expect(document.activeElement).toBe(field('Project'));

    // Each fix clears its error, so the first invalid field changes with every field fixed: focus stays put.
    await typeInto('Project', '7');
    expect(document.activeElement).toBe(field('Project'));
    field('Amount').focus();
    await typeInto('Amount', '1');
    await typeInto('Amount', '15');
    expect(document.activeElement).toBe(field('Amount'));
    expect(runner.run?.values.amount).toBe('15');

    // A second rejected submit focuses the first field still invalid, once.
    fireEvent.submit(refundForm());
    await waitFor(() => expect(document.activeElement).toBe(field('Refund to')));
  });

  it('picks a project by part of its name with Enter, or takes a typed id; the list shows name, date, status, amount, id', async () => {
    await openRefund();
    releaseReasons();
    const chooser = field('Project');
    await waitFor(() => expect(document.activeElement).toBe(chooser));
    await typeInto('Project', 'wedd');
    const list = await screen.findByRole('listbox', { name: 'Project choices' });
    const listed = within(list).getAllByRole('option');
    expect(listed.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^Smith wedding.*20 Nov 2026.*#31$/),
    ]);
    fireEvent.keyDown(chooser, { key: 'Enter' });
    expect(runner.run?.values.project_id).toBe('31');
    await waitFor(() => expect(chooser.value).toBe('Smith wedding · #31'));
    expect(runner.run?.step).toBe('form');

    await typeInto('Project', '#7');
    expect(runner.run?.values.project_id).toBe('7');
    await typeInto('Project', 'nothing like it');
    fireEvent.submit(refundForm());
    await waitFor(() => expect(runner.run?.errors.fields.project_id).toMatch(/^Pick one from the list/));
  });

  it('keeps what is typed into a select while its options load, and picks the option it names', async () => {
    await openRefund({ project_id: '7', amount: '15', to: 'credit' });
    const reason = field('Reason');
    expect(reason.getAttribute('aria-busy')).toBe('true');
    reason.focus();
    for (const key of 'dupl') fireEvent.keyDown(reason, { key });
    await act(async () => releaseReasons());
    await waitFor(() => expect(runner.run?.values.reason).toBe('DUPLICATE_PROJECT'));
  });

  it('holds an Enter pressed while a select’s options load and submits once the typed option is picked', async () => {
    await openRefund({ project_id: '7', amount: '15', to: 'credit' });
    const reason = field('Reason');
    reason.focus();
    for (const key of 'dupl') fireEvent.keyDown(reason, { key });
    fireEvent.keyDown(reason, { key: 'Enter' });
    // Held: not submitted for the empty choice (that was refused, and the agent pressed Enter again).
    expect(runner.run?.step).toBe('form');
    expect(runner.run?.rejectedSubmits).toBe(0);
    await act(async () => releaseReasons());
    await waitFor(() => expect(runner.run?.step).toBe('confirm'));
    expect(runner.run?.values.reason).toBe('DUPLICATE_PROJECT');
    expect(runner.run?.rejectedSubmits).toBe(0);
  });
});
