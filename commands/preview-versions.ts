import { proxy } from 'valtio';
import { requireVersions } from '../src/http';

/**
 * The versions of the records the open run's preview read (sent as If-Match with its action), and how often the
 * server refused that action as stale: the confirmation loads a fresh preview after each refusal.
 */
export const previewVersions = proxy<{ serial: number; tags: readonly string[]; staleRounds: number }>({
  serial: 0,
  tags: [],
  staleRounds: 0,
});

/** The confirmation of run `serial` shows a preview that read these record versions. */
export function setPreviewVersions(serial: number, tags: readonly string[]): void {
  if (previewVersions.serial !== serial) {
    previewVersions.serial = serial;
    previewVersions.staleRounds = 0;
  }
  previewVersions.tags = tags;
}

/** The action of run `serial`, made with `signal`, requires what its preview read to be unchanged. */
export function armPreviewVersions(signal: AbortSignal, serial: number): void {
  if (previewVersions.serial !== serial) return;
  requireVersions(signal, previewVersions.tags, () => {
    if (previewVersions.serial === serial) previewVersions.staleRounds += 1;
  });
}
