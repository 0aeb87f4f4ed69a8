import type { FastifyRequest } from 'fastify';

/** What a call adds to its own audit row for undo (server/undo/): kept in `audit_log.undo`. */
export interface AuditNote {
  /** The record the row names when the call's catalogue target cannot (a create: the id it made; an undo: the undone row's). */
  target?: { kind: string; id: string };
  /** The row's detail, e.g. "undid #4711". */
  detail?: string;
  /** What undoing needs that the body does not hold (the role before, the credit written), or an undo's `{undid}`. */
  undo?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler (noteForUndo): added to the call's audit row. */
    auditNote?: AuditNote;
    /** The id of the call's own audit row once written (answered as `Loupe-Audit-Id`: the console's Undo names it). */
    auditId?: number;
  }
}

/** Keeps what undoing this call will need on its audit row (merged with what the call noted already). */
export function noteForUndo(request: FastifyRequest, note: AuditNote): void {
  const before = request.auditNote ?? {};
  request.auditNote = {
    ...before,
    ...note,
    ...(note.undo || before.undo ? { undo: { ...before.undo, ...note.undo } } : {}),
  };
}
