import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { mutate } from 'swr';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import assignUsers from '../../commands/ab-tests/assign-users';
import { parseForm } from '../../commands/form-values';
import {
  customerField,
  revertModelChoices,
  revertModelField,
  trainingProjectChoices,
  trainingProjectField,
} from '../../commands/linked-choices';
import { cancelRun, runCommand, runner } from '../../commands/runner';
import { userTarget } from '../../commands/target';
import type { ModelProject } from '../../domain/models';
import type { FinetuneRow } from '../../domain/profiles';
import { clearSession } from '../../src/session/store';
import { lastPart, withPicked } from '../../src/ui/fields/ChooserField';
import { Palette } from '../../views/palette/Palette';
import { customerRow, usersAnswer } from './support/customer-row';
import { FakeApi } from './support/fake-api';
import { renderAt } from './support/render';
import { signedInAs } from './support/session';

const history: FinetuneRow[] = [
  {
    model_id: 30,
    creation_date: '2026-11-20T10:00:00Z',
    photos_in_model: 900,
    state: 'READY',
    is_current: true,
    action: null,
  },
  {
    model_id: 21,
    creation_date: '2026-10-02T10:00:00Z',
    photos_in_model: 1,
    state: 'DEPRECATED',
    is_current: false,
    action: 'REVERT',
  },
  {
    model_id: 12,
    creation_date: '2026-08-14T10:00:00Z',
    photos_in_model: 400,
    state: 'READY',
    is_current: false,
    action: 'REVERT',
  },
];

describe('choosers that search or hang on another field', () => {
  it('offers the models a profile can revert to, in words, and asks only once the profile is known', () => {
    const choices = revertModelChoices(history);
    expect(choices.map((choice) => choice.value)).toEqual(['21', '12']);
    expect(choices[0]).toEqual({ value: '21', label: 'Model of 2 Oct 2026', details: ['Deprecated', '1 photo'] });
    const source = revertModelField.choices;
    expect(source?.input({ role: null, target: undefined, values: { profile_id: '' } }, '')).toBeNull();
    expect(source?.input({ role: null, target: undefined, values: { profile_id: '#8' } }, '')).toEqual({
      params: { profile_id: 8 },
    });
  });

  it('include offers the model’s excluded training projects, exclude the others', () => {
    const project = (id: number, is_excluded: boolean): ModelProject => ({
      id,
      name: `Shoot ${id}`,
      type: 'TRAIN',
      upload_date: '2026-09-01T10:00:00Z',
      number_of_photos: { done: 1200, total: 1300 },
      selected_photos: 0,
      is_excluded,
    });
    const projects = [project(5, true), project(6, false)];
    expect(trainingProjectChoices(projects, true).map((choice) => choice.value)).toEqual(['5']);
    expect(trainingProjectChoices(projects, false)[0]?.details).toEqual([
      '1 Sep 2026',
      '1,200 of 1,300 photos done',
      'In training',
    ]);
    expect(
      trainingProjectField(true).choices?.input({ role: null, target: undefined, values: { model_id: '77' } }, ''),
    ).toEqual({ params: { model_id: 77 }, body: {} });
  });

  it('a customer is searched on the server once text is typed, without the # of an id', () => {
    const source = customerField.choices;
    expect(source?.input({ role: null, target: undefined }, '')).toBeNull();
    expect(source?.input({ role: null, target: undefined }, '#42')).toEqual({ params: { query: '42' } });
  });

  it('a list of customers: a pick replaces the part being typed; each part must be an id', () => {
    expect(lastPart('101, 102, ann')).toBe('ann');
    expect(withPicked('101, ann', '7')).toBe('101, 7, ');
    expect(withPicked('ann', '7')).toBe('7, ');
    const spec = assignUsers.params;
    if (!spec) throw new Error('assign users takes parameters');
    const parsed = parseForm(spec, { ab_test_id: '3', user_ids: '101, #102 103, ' });
    expect(parsed.ok && parsed.data.user_ids).toBe('101, 102, 103');
    const refused = parseForm(spec, { ab_test_id: '3', user_ids: '101, ann' });
    expect(refused.ok ? null : refused.errors.fields.user_ids).toMatch(/^Pick each from the list/);
  });
});

describe('the choosers in a form', () => {
  let server: FakeApi;
  beforeEach(async () => {
    await mutate(() => true, undefined, { revalidate: false });
    cancelRun();
    clearSession();
    signedInAs('ADMIN');
    server = new FakeApi();
    server.delay = 0;
    server.on('GET', '/admin/users/42', () => ({ status: 200, body: usersAnswer(customerRow()) }));
    server.on('GET', '/admin/profiles/8/finetune_history', () => ({
      status: 200,
      body: { headers: [], rows: history, meta: { max_models: 20, total_number_of_models: 3 } },
    }));
    server.on('GET', '/admin/users/42/profiles', () => ({
      status: 200,
      body: { headers: [], profiles: [], meta: { enable_column_selection: false, max_personal_profiles: 3 } },
    }));
    server.install();
  });
  afterEach(() => {
    cleanup();
    cancelRun();
  });

  it('revert: the prefilled profile is not focused; the model is picked by its date', async () => {
    renderAt('/users/42/profiles', <Palette />);
    await act(async () => {
      await runCommand('profile.revert-to-model', {
        target: userTarget(customerRow()),
        origin: 'button',
        prefill: { profile_id: '8' },
      });
    });
    const model = (await screen.findByLabelText('Model')) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(model));
    fireEvent.change(model, { target: { value: 'aug' } });
    await screen.findByRole('option', { name: /Model of 14 Aug 2026/ });
    fireEvent.keyDown(model, { key: 'Enter' });
    expect(runner.run?.values.model_id).toBe('12');
  });

  it('assign users: customers picked by name add their ids to the list', async () => {
    server.on('GET', '/admin/a_b_testing', () => ({ status: 200, body: { tests: [] } }));
    server.on('GET', '/admin/users/search/ann', () => ({
      status: 200,
      body: usersAnswer(customerRow({ id: 101, first_name: 'Ann', last_name: 'Lee', email: 'ann@x.com' })),
    }));
    renderAt('/operations', <Palette />);
    await act(async () => {
      await runCommand('ab-test.assign-users', { origin: 'palette', prefill: { ab_test_id: '3', user_ids: '7, ' } });
    });
    const customers = (await screen.findByLabelText('Customers')) as HTMLInputElement;
    fireEvent.change(customers, { target: { value: '7, ann' } });
    await screen.findByRole('option', { name: /Ann Lee/ }, { timeout: 2000 });
    fireEvent.keyDown(customers, { key: 'Enter' });
    expect(runner.run?.values.user_ids).toBe('7, 101, ');
  });
});
