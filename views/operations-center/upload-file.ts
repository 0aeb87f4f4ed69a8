import { api } from '../../domain/api';
import type { UploadedFile } from '../../domain/marketing';
import { call } from '../../src/http';

/** A running upload: its progress (0–1) as it goes, its end, and how to stop it. */
export interface UploadHandle {
  done: Promise<UploadedFile>;
  cancel(): void;
}

/** Why an upload ended without a file: the server's reason, or "Cancelled". */
export class UploadFailed extends Error {}

/**
 * Uploads one banner image: asks for a signed single-use URL (`banners/upload_urls`), then PUTs the bytes with
 * XMLHttpRequest so the browser reports upload progress. `cancel` aborts whichever step is running.
 */
export function uploadBannerImage(file: File, onProgress: (share: number) => void): UploadHandle {
  const controller = new AbortController();
  let request: XMLHttpRequest | null = null;
  const done = (async () => {
    const urls = await call(
      api.marketing.uploadUrls,
      { body: { files_list: [file.name] } },
      { signal: controller.signal },
    );
    const url = urls[file.name];
    if (!url) throw new UploadFailed('The server gave no upload URL for this file');
    return new Promise<UploadedFile>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      request = xhr;
      xhr.open('PUT', url);
      xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        let answer: unknown = null;
        try {
          answer = JSON.parse(xhr.responseText);
        } catch {
          answer = null;
        }
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(1);
          resolve(answer as UploadedFile);
        } else
          reject(new UploadFailed((answer as { detail?: string } | null)?.detail ?? `Upload failed (${xhr.status})`));
      };
      xhr.onerror = () => reject(new UploadFailed('The upload could not reach the server'));
      xhr.onabort = () => reject(new UploadFailed('Cancelled'));
      xhr.send(file);
    });
  })();
  return {
    done,
    cancel: () => {
      controller.abort();
      request?.abort();
    },
  };
}
