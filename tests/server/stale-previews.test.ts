import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../domain/api';
import { parseIfMatch } from '../../server/collab/preconditions';
import { charges, customerCredits, staff } from '../../server/db/schema';
import { SandboxGateway } from '../../server/payments';
import { describeEachBackend } from './support/backends';
import { billedProject } from './support/billed-project';
import { type Client, useTestApi } from './support/test-api';

const refund = api.refunds.refund;
const body = (amount: number, to: 'card' | 'credit' = 'card') => ({
  amount,
  reason: 'UNSATISFIED_WITH_EDITS',
  description: 'Colours were off',
  to,
});

describe('If-Match parsing', () => {
  it('reads quoted record tags and refuses anything else with 400', () => {
    expect(parseIfMatch('"project:57@3", W/"customer:9@0"')).toEqual([
      { kind: 'project', id: '57', version: 3 },
      { kind: 'customer', id: '9', version: 0 },
    ]);
    expect(parseIfMatch(undefined)).toEqual([]);
    expect(parseIfMatch('*')).toEqual([]);
    for (const bad of ['project:57@3', '"project:057@3"', '"project:+57@3"', '"project:57@-1"', '"\ud800:1@1"']) {
      expect(() => parseIfMatch(bad), bad).toThrow(/If-Match/);
    }
    expect(() => parseIfMatch(Array.from({ length: 21 }, (_, i) => `"project:${i}@0"`).join(','))).toThrow();
  });
});

describeEachBackend(
  'stale previews: an action on a preview whose records changed since is 409 preview_stale',
  (backend) => {
    let sandbox: SandboxGateway;
    const t = useTestApi(backend, {
      gateway: (db) => {
        sandbox = new SandboxGateway(db);
        return sandbox;
      },
      config: { idempotencyWaitMs: 60_000 },
    });
    let master: Client;
    let admin: Client;
    beforeAll(async () => {
      master = await t.api.signIn('SUPPORT_MASTER');
      admin = await t.api.signIn('ADMIN');
      await t.api.db.update(staff).set({ firstName: 'Hana', lastName: 'Kobayashi' }).where(eq(staff.role, 'ADMIN'));
    });

    const refundsOf = async (projectId: number) => {
      const card = await t.api.db
        .select()
        .from(charges)
        .where(and(eq(charges.projectId, projectId), eq(charges.kind, 'REFUND')));
      const credit = await t.api.db.select().from(customerCredits).where(eq(customerCredits.projectId, projectId));
      return card.length + credit.length;
    };
    const preview = async (agent: Client, projectId: number) => {
      const answer = await agent.get(api.refunds.refundable, { project_id: projectId });
      expect(answer.status).toBe(200);
      return String(answer.headers.etag);
    };
    const refundOn = (agent: Client, projectId: number, tag: string, amount = 5, to: 'card' | 'credit' = 'card') =>
      agent.post(refund, { project_id: projectId }, body(amount, to), {
        idempotencyKey: randomUUID(),
        headers: { 'if-match': tag },
      });

    it('tags the preview with the version it read, and refuses the second refund on it naming the first', async () => {
      const { project } = await billedProject(t.api, sandbox, 4800, { firstName: 'Kenji', lastName: 'Tran' });
      const tag = await preview(master, project.id);
      expect(tag).toBe(`"project:${project.id}@0"`);
      expect(await preview(admin, project.id)).toBe(tag);

      const first = await refundOn(admin, project.id, tag);
      expect(first.status).toBe(200);
      const second = await refundOn(master, project.id, tag);
      expect(second.status).toBe(409);
      expect(second.error).toMatchObject({ code: 'preview_stale' });
      expect(second.error.detail).toBe('Kenji Tran was just refunded €5.00 by Hana Kobayashi');
      expect(await refundsOf(project.id)).toBe(1);

      const fresh = await preview(master, project.id);
      expect(fresh).not.toBe(tag);
      expect((await refundOn(master, project.id, fresh)).status).toBe(200);
      expect(await refundsOf(project.id)).toBe(2);
    });

    it('leaves actions without If-Match as they were, and answers 400 for a malformed one', async () => {
      const { project } = await billedProject(t.api, sandbox);
      const plain = await master.post(refund, { project_id: project.id }, body(1, 'credit'), {
        idempotencyKey: randomUUID(),
      });
      expect(plain.status).toBe(200);
      const bad = await refundOn(master, project.id, 'project 1');
      expect(bad.status).toBe(400);
      expect(bad.error.code).toBe('if_match_invalid');
      expect(await refundsOf(project.id)).toBe(1);
    });

    it('two agents racing one refund on the same preview: exactly one refund each time, the other stale', async () => {
      for (let trial = 0; trial < 8; trial += 1) {
        const { project } = await billedProject(t.api, sandbox);
        const tag = await preview(master, project.id);
        const to = trial % 2 === 0 ? 'card' : 'credit';
        const answers = await Promise.all([
          refundOn(master, project.id, tag, 5, to),
          refundOn(admin, project.id, tag, 5, to),
        ]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.status === 409)?.error.code).toBe('preview_stale');
        expect(await refundsOf(project.id)).toBe(1);
      }
    });
  },
);
