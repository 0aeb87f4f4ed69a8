import { describe, expect, it } from 'vitest';
import type { Command } from '../../commands/define';
import { allCommands, commandById } from '../../commands/index';
import type { UserTarget } from '../../commands/target';
import type { Role } from '../../domain/roles';
import {
  type CommandEntry,
  idleEntries,
  maxIdleJumps,
  type PaletteEntry,
  rootEntries,
} from '../../views/palette/entries';
import { matchClassOf, mergeRanked, type RankItem, rankItems, rankScored } from '../../views/palette/rank';

function item(value: string, label = value, keywords = '', fuzzy = false): RankItem & { label: string } {
  return { value, label, lower: label.toLowerCase(), keywordsLower: keywords.toLowerCase(), boost: 0, fuzzy };
}

const jane: UserTarget = { kind: 'user', id: 42, name: 'Jane Doe' };

function root(role: Role, pageTarget?: UserTarget, commands: readonly Command[] = allCommands): PaletteEntry[] {
  return rootEntries({ commands, role, pageTarget, recentUsers: [] });
}

/** The labels of the best `count` entries for a query. */
function top(entries: readonly PaletteEntry[], query: string, count = 3, frecency = new Map<string, number>()) {
  return rankItems(entries, query, frecency, count).map((entry) => entry.label);
}

function commandEntry(entries: readonly PaletteEntry[], id: string): CommandEntry {
  const found = entries.find((entry) => entry.value === id);
  if (found?.kind !== 'command') throw new Error(`no entry for ${id}`);
  return found;
}

describe('match classes', () => {
  const of = (text: string, query: string, keywords = '', fuzzy = true) =>
    matchClassOf({ lower: text, keywordsLower: keywords, fuzzy }, query);

  it('orders title prefix > consecutive word prefixes > word starts and initials > substring > alias > letters', () => {
    expect(of('send invoice to customer', 'send i')).toBe(6);
    expect(of('change currency', 'cha cur')).toBe(5);
    expect(of('send invoice to customer', 'inv to')).toBe(5);
    expect(of('download invoice', 'inv')).toBe(4);
    expect(of('send invoice to customer', 'send cust')).toBe(4);
    expect(of('change currency', 'cc')).toBe(6);
    expect(of('unsuspend', 'sus')).toBe(3);
    expect(of('suspend', 'ban', 'ban block')).toBe(2);
    expect(of('users › search', 'go search', 'go open')).toBe(2);
    expect(of('send invoice to customer', 'sndinv')).toBe(1);
    expect(of('send invoice to customer', 'sndinv', '', false)).toBe(0);
    expect(of('unsuspend', 'xyz')).toBe(0);
  });

  it('takes initials even where the letters also occur in the customer’s name after the title', () => {
    const titled = (title: string, name: string, query: string) =>
      matchClassOf({ lower: `${title} ${name}`, keywordsLower: '', titleLength: title.length }, query);
    expect(titled('login as', 'isabella smith', 'la')).toBe(6);
    expect(titled('change currency', 'rebecca jones', 'cc')).toBe(6);
    // Within the title itself a later match still decides: “si” is not Stop ignoring (abu-si-ve).
    expect(of('stop ignoring abusive flag', 'si')).toBe(3);
  });

  it('does not take a weak letter match for initials', () => {
    expect(of('cancel yearly contract', 'cc', '', false)).toBe(0);
    expect(of('suspend', 'ock', 'block lock')).toBe(0);
  });
});

describe('initials on a customer’s page whose name holds the letters', () => {
  it('puts the command first: “la” on Isabella Smith’s page is Login as, “cc” on Rebecca’s Change currency', () => {
    const isabella: UserTarget = { kind: 'user', id: 43, name: 'Isabella Smith' };
    const rebecca: UserTarget = { kind: 'user', id: 44, name: 'Rebecca Jones' };
    expect(top(root('ADMIN', isabella), 'la')[0]).toBe('Login as Isabella Smith');
    expect(top(root('ADMIN', rebecca), 'cc')[0]).toBe('Change currency Rebecca Jones');
  });
});

describe('the palette’s ranking, on the real registry', () => {
  for (const pageTarget of [undefined, jane]) {
    const where = pageTarget ? 'on a customer’s page' : 'off any customer';
    const entries = root('ADMIN', pageTarget);
    const forJane = (title: string) => (pageTarget ? `${title} Jane Doe` : title);

    it(`puts the command whose title starts with the query first (${where})`, () => {
      expect(top(entries, 'send i')[0]).toBe(forJane('Send invoice to customer'));
      expect(top(entries, 'change c')[0]).toBe(forJane('Change currency'));
      expect(top(entries, 'Give')[0]).toBe(forJane('Give credit'));
    });

    it(`lists the commands that begin with “inv” or have a word that does before anything merely containing it (${where})`, () => {
      // “Invite staff member” begins with “inv”; the invoice commands have a word that does.
      const invoiceCommands = ['Download invoice', 'Send invoice to customer', 'Regenerate invoice'].map(forJane);
      const ranked = top(entries, 'inv', 10);
      expect(ranked[0]).toBe('Invite staff member');
      // Among equal matches, the one whose match comes earlier in the name first: Send invoice before Download invoice.
      expect(ranked.slice(1, 4)).toEqual(
        ['Send invoice to customer', 'Download invoice', 'Regenerate invoice'].map(forJane),
      );
      expect(ranked.slice(4)).not.toEqual(expect.arrayContaining(invoiceCommands));
    });

    it(`finds commands by the words a newcomer guesses (${where})`, () => {
      expect(top(entries, 'logout')[0]).toBe(forJane('Force logout'));
      // “sign out” is the person's own; the customer's sessions are still found by it.
      expect(top(entries, 'sign out', 2)).toEqual(['Sign out', forJane('Force logout')]);
      expect(top(entries, 'si')[0]).toBe(forJane('Send invoice to customer'));
      expect(top(entries, 'money back')[0]).toBe(forJane('Refund project'));
      expect(top(entries, 'unban')[0]).toBe(forJane('Unsuspend'));
      // “ban” also begins “banner”: an admin's banner commands rank beside Suspend.
      expect(top(entries, 'ban', 10)).toContain(forJane('Suspend'));
      expect(top(entries, 'credit', 5)).toContain(forJane('Give credit'));
    });
  }

  it('finds the commands for yourself: sign out, theme, help, my bulk runs', () => {
    const entries = root('SUPPORT_PL1');
    expect(top(entries, 'theme')[0]).toBe('Switch theme');
    expect(top(entries, 'dark')[0]).toBe('Switch theme');
    expect(top(entries, 'help')[0]).toBe('Keyboard help');
    expect(top(entries, 'shortcuts')[0]).toBe('Keyboard help');
    expect(top(entries, 'my bulk')[0]).toBe('My bulk runs');
    expect(top(entries, 'log out')).toContain('Sign out');
  });

  it('ranks a Refund command over Give credit for “refund” (a fixture registry: refunds come later)', () => {
    const giveCredit = commandById('user.give-credit') as Command;
    expect(giveCredit.keywords).toContain('refund');
    const refund = { ...giveCredit, id: 'user.refund', title: 'Refund', keywords: ['money back'] } as Command;
    const entries = root('ADMIN', undefined, [giveCredit, refund]);
    expect(top(entries, 'refund', 5)).toEqual(['Refund', 'Give credit']);
  });

  it('breaks ties by frecency, but never lifts a weaker match above a better one', () => {
    const entries = root('ADMIN');
    const often = new Map([
      ['charges.regenerate-invoice', 3],
      ['user.add-referral', 50],
    ]);
    const ranked = top(entries, 'inv', 5, often);
    // A title that begins with the text leads; among the titles with a word that does, the most used first.
    expect(ranked[0]).toBe('Invite staff member');
    expect(ranked[1]).toBe('Regenerate invoice');
    expect(ranked.indexOf('Add referral')).toBe(4);
  });

  it('shows a command the role may not run, found by its name, disabled with the permission it lacks', () => {
    const entries = root('MARKETER_PLUS', jane);
    const [first] = rankItems(entries, 'suspend', new Map(), 3) as CommandEntry[];
    expect(first?.label).toBe('Suspend Jane Doe');
    expect(first?.disabledReason).toBe('Only admins, PL2 agents and support masters may suspend customers');
    const offPage = rankItems(root('MARKETER_PLUS'), 'suspend', new Map(), 3) as CommandEntry[];
    expect(offPage[0]).toMatchObject({ label: 'Suspend', forbidden: true });
    expect(top(root('MARKETER_PLUS'), 'ban', 5)).not.toContain('Suspend');
    expect(idleEntries(entries, new Map(), 50).map((entry) => entry.value)).not.toContain('user.suspend');
    expect(commandEntry(root('ADMIN', jane), 'user.suspend').disabledReason).toBeUndefined();
  });
});

describe('the list while nothing is typed', () => {
  it('keeps the open customer’s actions first however many tab jumps were used, and caps the jumps', () => {
    const entries = root('ADMIN', jane);
    const tabJumps = entries.filter((entry) => entry.kind === 'command' && entry.navigation && entry.target);
    const frecency = new Map(tabJumps.map((entry, index) => [entry.value, 20 - index]));
    frecency.set('user.change-email', 1);
    const listed = idleEntries(entries, frecency, 50) as CommandEntry[];
    const actions = entries.filter(
      (entry) => entry.kind === 'command' && !entry.navigation && entry.target && !entry.forbidden,
    );
    expect(listed.slice(0, actions.length).every((entry) => entry.target && !entry.navigation)).toBe(true);
    expect(listed[0]?.commandId).toBe('user.change-email');
    const jumpsNext = listed.slice(actions.length, actions.length + maxIdleJumps);
    expect(jumpsNext.map((entry) => entry.commandId)).toEqual(tabJumps.slice(0, maxIdleJumps).map((e) => e.value));
  });

  it('lists recent customers after a few jumps, then commands run before, then the registry’s order', () => {
    const entries = rootEntries({
      commands: allCommands,
      role: 'ADMIN',
      pageTarget: undefined,
      recentUsers: [{ id: 7, name: 'Ava Cook' }],
    });
    const frecency = new Map([
      ['go.users.search', 2],
      ['user.force-logout', 3],
    ]);
    const values = idleEntries(entries, frecency, 50).map((entry) => entry.value);
    expect(values.slice(0, 3)).toEqual(['go.users.search', 'user:7', 'user.force-logout']);
    expect(values[3]).toBe(allCommands[0]?.id);
  });
});

describe('rankItems', () => {
  it('orders by match class first, then frecency, then list order', () => {
    const items = [
      item('c', 'Unsuspend'),
      item('b', 'Go to Suspended'),
      item('a', 'Suspend'),
      item('d', 'Suspend all'),
    ];
    expect(rankItems(items, 'sus').map((each) => each.value)).toEqual(['a', 'd', 'b', 'c']);
    expect(rankItems(items, 'sus', new Map([['d', 1]])).map((each) => each.value)).toEqual(['d', 'a', 'b', 'c']);
  });

  it('keeps at most 50 of 10,000 entries, in the right order', () => {
    const items = Array.from({ length: 10_000 }, (_, index) =>
      item(`user:${index}`, index % 3 === 0 ? `Customer ${index} smith` : `Smith customer ${index}`),
    );
    const ranked = rankItems(
      items,
      'smith',
      new Map([
        ['user:9998', 1],
        ['user:9999', 1],
      ]),
    );
    expect(ranked).toHaveLength(50);
    expect(ranked[0]?.value).toBe('user:9998');
    expect(ranked.slice(1).every((each) => each.label.startsWith('Smith'))).toBe(true);
    expect(ranked[1]?.value).toBe('user:1');
    expect(rankItems(items, 'customer 9999').map((each) => each.value)).toEqual(['user:9999']);
  });
});

describe('mergeRanked', () => {
  it('puts the server’s customers below word-start matches and above substring ones, without duplicates', () => {
    const local = rankScored([item('go', 'Jane tools'), item('weak', 'Mojane'), item('user:1', 'Jane Doe')], 'jane');
    const merged = mergeRanked(local, [item('user:1', 'Jane Doe'), item('user:2', 'Janet')], 400);
    expect(merged.map((each) => each.value)).toEqual(['go', 'user:1', 'user:2', 'weak']);
  });
});
