import type { Command } from '../../commands/define';
import type { ApprovalRequest } from '../../domain/approvals';
import { formatMoney } from '../../domain/money';
import { type CommandEntry, commandEntry, contextBoost } from './entries';

const verbs = [
  ['approvals.approve', 'Approve'],
  ['approvals.reject', 'Reject'],
] as const;

const kindWords: Readonly<Record<ApprovalRequest['kind'], string>> = { credit: 'credit', refund: 'refund' };

/**
 * One entry per pending request someone else asked for, per decision: "Approve credit for Kenji Tran ($250.00)…",
 * its form prefilled with the request (Approve then shows the fresh preview). Listed once something is typed.
 */
export function approvalEntries(
  requests: readonly ApprovalRequest[],
  me: number | null,
  commands: readonly Command[],
): CommandEntry[] {
  const byId = new Map(commands.map((command) => [command.id, command]));
  return requests
    .filter((request) => request.status === 'PENDING' && request.requested_by !== me)
    .flatMap((request) =>
      verbs.flatMap(([id, verb]) => {
        const command = byId.get(id);
        if (!command) return [];
        const amount = formatMoney(request.value);
        const label = `${verb} ${kindWords[request.kind]} for ${request.customer_name} (${amount})…`;
        return [
          commandEntry(command, 'Waiting for approval', label, {
            value: `${id}@approval:${request.id}`,
            lower: `${verb} ${kindWords[request.kind]} for ${request.customer_name}`.toLowerCase(),
            keywordsLower: `${amount} ${request.requested_by_name} request ${request.id} approval`.toLowerCase(),
            boost: verb === 'Approve' ? contextBoost : 0,
            shortcut: undefined,
            prefill: { approval_id: String(request.id) },
            ...(verb === 'Approve' ? { straight: true as const } : {}),
          }),
        ];
      }),
    );
}
