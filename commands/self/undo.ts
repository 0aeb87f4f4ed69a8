import { api } from '../../domain/api';
import { call, nameFailuresOf, revalidateCalls } from '../../src/http';
import { toast } from '../../src/ui/toast-store';
import { defineCommand } from '../define';
import { latestOffer, undoableOf } from '../undo-offer';

/**
 * Undoes a command the console just ran (the toast's Undo, Ctrl+Z, or this entry in the palette: the newest one
 * offered): `POST /admin/undo/{audit_id}`, audited on the server as its own row. A refusal is toasted with the
 * server's reason ("Hana Kobayashi gave $10.00 of credit since; nothing was undone").
 */
export default defineCommand({
  id: 'self.undo',
  title: 'Undo the last command',
  group: 'You',
  permission: 'user_details_read',
  target: 'none',
  keywords: ['undo', 'revert', 'take back', 'reverse'],
  confirm: false,
  immediate: true,
  async run({ params, signal }) {
    const auditId = Number(params.audit_id) || latestOffer();
    if (!auditId) {
      toast({
        title: 'Nothing to undo',
        message: 'Undo is offered for 10 s after a command that can be undone',
        type: 'info',
      });
      return null;
    }
    const undone = undoableOf(auditId);
    nameFailuresOf(signal, 'Undo');
    const answer = await call(api.undo.undo, { params: { audit_id: auditId } }, { signal }).catch(() => null);
    if (!answer) return null;
    toast({ title: `Undone: ${undone?.title ?? answer.text}`, type: 'positive' });
    void revalidateCalls(...(undone?.revalidates ?? []));
    return answer;
  },
  revalidates: [],
});
