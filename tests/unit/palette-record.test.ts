import { describe, expect, it } from 'vitest';
import { allCommands } from '../../commands/index';
import { type FocusedRecord, recordPrefill } from '../../commands/record-context';
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
