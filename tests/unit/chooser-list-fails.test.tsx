import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancelRun, confirmRun, runCommand, runner, submitForm } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import { clearSession } from '../../src/session/store';
import { Palette } from '../../views/palette/Palette';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

/** Issue 18, item 1: a chooser still works when its list call fails; it says why and takes a typed id. */
describe('a chooser whose list call fails', () => {
  let server: FakeApi;
  beforeEach(async () => {
    await mutate(() => true, undefined, { revalidate: false });
    cancelRun();
    clearSession();
    signedInAs('ADMIN');
    server = new FakeApi();
    server.delay = 0;
    server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
    server.on('GET', '/admin/users/42/general_details/notifications', () => ({
      status: 503,
      body: { code: 'unavailable', message: 'The notifications store is down' },
    }));
    server.on('DELETE', '/admin/users/42/notifications/41', () => ({ status: 200, body: { id: 41, deleted: true } }));
    server.install();
  });
  afterEach(() => {
    cleanup();
    cancelRun();
  });

  it('shows why under the field and deletes the notification whose id was typed', async () => {
    renderAt('/users/42/general', <Palette />);
    await act(async () => {
      await runCommand('user.delete-notification', { target: userTarget(customerRow()), origin: 'palette' });
    });
    const field = (await screen.findByLabelText('Notification')) as HTMLInputElement;
    const why = await screen.findByText(/^The list could not be loaded \(.+\); type an id\.$/);
    expect(field.getAttribute('aria-describedby')).toContain(why.id);

    fireEvent.change(field, { target: { value: '#41' } });
    expect(runner.run?.values.notification_id).toBe('41');
    await act(() => submitForm());
    expect(runner.run?.step).toBe('confirm');
    await act(() => confirmRun());
    expect(server.requests.filter((seen) => seen.method === 'DELETE').map((seen) => seen.path)).toEqual([
      '/admin/users/42/notifications/41',
    ]);
  });
});
