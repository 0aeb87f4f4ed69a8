import { describe, expect, it } from 'vitest';
import { allCommands } from '../../commands/index';
import { type FocusedRecord, recordPrefill } from '../../commands/record-context';
import { modelRecord } from '../../views/models/model-menu';
import { type CommandEntry, idleEntries, rootEntries } from '../../views/palette/entries';

const target = { kind: 'user' as const, id: 42, name: 'Jane Doe', email: 'jane@example.com' };
const project: FocusedRecord = {
  kind: 'project',
  id: 12,
  target,
  quickActions: [
    { name: 'REFUND', is_disabled: false, disable_message: null },
    { name: 'DOWNLOAD_PHOTOS_LOCALLY', is_disabled: true, disable_message: 'The edits are not delivered yet' },
    { name: 'RE_EDIT', is_disabled: true, disable_message: 'The project is in the queue already' },
  ],
};

describe('the palette on a project row', () => {
  it('lists that row’s commands first, named for it, prefilled with its id, disabled with the server’s reason', () => {
    const entries = rootEntries({
      commands: allCommands,
      role: 'ADMIN',
      pageTarget: target,
      recentUsers: [],
      record: project,
    });
    const idle = idleEntries(entries, new Map(), 50) as CommandEntry[];
    expect(idle.slice(0, 3).map((entry) => [entry.label, entry.group, entry.prefill, entry.disabledReason])).toEqual([
      ['Refund project #12', 'Project #12', { project_id: '12' }, undefined],
      ['Download project photos #12', 'Project #12', { project_id: '12' }, 'The edits are not delivered yet'],
      ['Re-edit project #12', 'Project #12', { project_id: '12' }, 'The project is in the queue already'],
    ]);
    // Not listed twice: the customer's own entry of the same command gives way to the row's.
    expect(entries.filter((entry) => entry.kind === 'command' && entry.commandId === 'project.refund')).toHaveLength(1);
  });

  it('without a row, the same commands are the customer’s, with no prefill', () => {
    const entries = rootEntries({ commands: allCommands, role: 'ADMIN', pageTarget: target, recentUsers: [] });
    const refund = entries.find((entry) => entry.kind === 'command' && entry.commandId === 'project.refund');
    expect(refund).toMatchObject({ label: 'Refund project Jane Doe' });
    expect((refund as CommandEntry).prefill).toBeUndefined();
  });

  it('gives a shortcut’s command the row’s id only when it is a command of that row', () => {
    expect(recordPrefill('project.refund', project)).toEqual({ project_id: '12' });
    expect(recordPrefill('project.reedit', project)).toEqual({ project_id: '12' });
    expect(recordPrefill('user.suspend', project)).toBeUndefined();
    expect(recordPrefill('project.refund', undefined)).toBeUndefined();
  });
});

describe('the palette on a model row', () => {
  const model = modelRecord(
    {
      id: 5,
      user_id: 42,
      last_updated_row: '2026-03-01T10:00:00.123456Z',
      quick_actions: [
        { name: 'CHANGE_STATE', is_disabled: false, disable_message: null },
        { name: 'LOCK_MODEL', is_disabled: true, disable_message: 'The model is locked already' },
        { name: 'OPEN_PROFILE', is_disabled: false, disable_message: null },
      ],
    },
    target,
  );
  const prefill = { model_id: '5', user_id: '42', last_updated_row: '2026-03-01T10:00:00.123456Z' };

  it('lists the model’s commands first, named for it, prefilled as its row menu, disabled with the server’s reason', () => {
    const entries = rootEntries({
      commands: allCommands,
      role: 'ADMIN',
      pageTarget: undefined,
      recentUsers: [],
      record: model,
    });
    const idle = idleEntries(entries, new Map(), 50) as CommandEntry[];
    expect(idle.slice(0, 3).map((entry) => [entry.label, entry.group, entry.prefill, entry.disabledReason])).toEqual([
      ['Change model state #5', 'Model #5', prefill, undefined],
      ['Lock model #5', 'Model #5', prefill, 'The model is locked already'],
      ['Open model’s profile #5', 'Model #5', prefill, undefined],
    ]);
    expect(
      entries.filter((entry) => entry.kind === 'command' && entry.commandId === 'model.change-state'),
    ).toHaveLength(1);
  });

  it('without a model row, the model commands are listed in their group, with no prefill', () => {
    const entries = rootEntries({ commands: allCommands, role: 'ADMIN', pageTarget: undefined, recentUsers: [] });
    const change = entries.find((entry) => entry.kind === 'command' && entry.commandId === 'model.change-state');
    expect(change).toMatchObject({ label: 'Change model state' });
    expect((change as CommandEntry).prefill).toBeUndefined();
  });

  it('gives a shortcut’s command the model’s values only when it is a command of that model', () => {
    expect(recordPrefill('model.change-state', model)).toEqual(prefill);
    expect(recordPrefill('model.unlock', model)).toEqual(prefill);
    expect(recordPrefill('project.refund', model)).toBeUndefined();
  });
});
