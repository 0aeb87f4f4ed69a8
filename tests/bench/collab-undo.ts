import { eq } from 'drizzle-orm';
import { auditIdHeader } from '../../domain/undo';
import type { Database } from '../../server/db/client';
import { staff } from '../../server/db/schema';
import type { Agent } from './collab-race';

/**
 * Undo racing another agent's command, `trials` times: an admin on instance 1 changes a staff member's role (PL1 →
 * PL2) and undoes it while a second admin on instance 2 changes it again (→ MASTER). Never blind: every trial must
 * end on MASTER (a blind undo would put PL1 back over it), with the undo either done before (200) or refused (409).
 */
export async function benchUndoRace(db: Database, agents: [Agent, Agent], trials: number): Promise<void> {
  const counts = { undone: 0, refused: 0, blind: 0, other: 0 };
  const started = performance.now();
  for (let trial = 0; trial < trials; trial += 1) {
    const [member] = await db
      .insert(staff)
      .values({
        email: `undo-race-${Date.now().toString(36)}-${trial}@bench.example`,
        firstName: 'Race',
        lastName: `No ${trial}`,
        role: 'SUPPORT_PL1',
        passwordHash: 'not a password',
      })
      .returning({ id: staff.id });
    if (!member) throw new Error('staff not inserted');
    const setRole = (agent: Agent, role: string) =>
      fetch(`${agent.base}/staff/${member.id}/role`, {
        method: 'PUT',
        headers: agent.headers,
        body: JSON.stringify({ role }),
      });
    const changed = await setRole(agents[0], 'SUPPORT_PL2');
    const auditId = changed.headers.get(auditIdHeader);
    await changed.arrayBuffer();
    const [undone, other] = await Promise.all([
      fetch(`${agents[0].base}/undo/${auditId}`, { method: 'POST', headers: agents[0].headers, body: '{}' }),
      setRole(agents[1], 'SUPPORT_MASTER'),
    ]);
    await Promise.all([undone.arrayBuffer(), other.arrayBuffer()]);
    const [row] = await db.select({ role: staff.role }).from(staff).where(eq(staff.id, member.id));
    if (row?.role !== 'SUPPORT_MASTER') counts.blind += 1;
    else if (undone.status === 200 && other.status === 200) counts.undone += 1;
    else if (undone.status === 409 && other.status === 200) counts.refused += 1;
    else counts.other += 1;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`undo racing another admin's role change on the other instance, ${trials} trials (${seconds} s):`);
  console.log(
    `  undone first ${counts.undone}, refused naming the change ${counts.refused}, blind reverse ${counts.blind}, anything else ${counts.other}`,
  );
}
