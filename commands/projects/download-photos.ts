import { z } from 'zod';
import { api } from '../../domain/api';
import type { projectDownloadAnswer } from '../../domain/projects';
import { call } from '../../src/http';
import { dismissToast, toast } from '../../src/ui/toast-store';
import { defineCommand } from '../define';
import { editingProjectField } from './project-choice';

const form = z.object({ project_id: api.projects.download.params.shape.project_id });
type DownloadLink = z.infer<typeof projectDownloadAnswer>;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** Shows how far the download is in one toast, replaced at each step (every 5 %). */
export function progressReporter(link: DownloadLink): (received: number) => void {
  let shown: number | undefined;
  let lastStep = -1;
  return (received) => {
    const percent = link.bytes > 0 ? Math.min(100, Math.floor((received / link.bytes) * 100)) : 0;
    const step = Math.floor(percent / 5);
    if (step === lastStep) return;
    lastStep = step;
    if (shown !== undefined) dismissToast(shown);
    shown = toast({
      title: `Downloading ${link.filename}: ${percent} %`,
      message: `${megabytes(received)} of ${megabytes(link.bytes)}, ${link.files.toLocaleString('en-US')} photos`,
      type: 'info',
      timeout: percent >= 100 ? 2500 : 60_000,
    });
  };
}

/** Reads the ZIP as it streams in, reporting progress, then hands it to the browser as a file. */
async function download(link: DownloadLink, signal: AbortSignal): Promise<void> {
  const response = await fetch(link.url, { signal, credentials: 'omit' });
  if (!response.ok || !response.body) throw new Error(`The download failed (${response.status}); ask for a new link`);
  const report = progressReporter(link);
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let received = 0;
  report(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    received += value.byteLength;
    report(received);
  }
  const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: 'application/zip' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = link.filename;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default defineCommand({
  id: 'project.download-photos',
  title: 'Download project photos',
  group: 'Customer',
  permission: 'download_user_photos',
  target: 'user',
  keywords: ['download', 'zip', 'photos', 'edits', 'project', 'local', 'save'],
  params: {
    schema: form,
    fields: {
      project_id: {
        ...editingProjectField,
        hint: 'A ZIP of the project’s photos; its progress shows as it downloads.',
      },
    },
  },
  confirm: false,
  run: async ({ params, signal }) => {
    const link = await call(api.projects.download, { params: { project_id: params.project_id } }, { signal });
    await download(link, signal);
    return link;
  },
  revalidates: [api.userDetails.audit],
  successMessage: ({ params }) => `Project #${params.project_id}’s photos are downloaded`,
});
