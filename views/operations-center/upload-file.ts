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
 * The upload id of a presigned bucket URL (its path ends in `/incoming/{upload id}`: the server keeps banner images
 * in an S3-compatible bucket), or null for the server's own `/uploads/{id}` URL, whose PUT answers the stored file.
 */
export function bucketUploadId(url: string): string | null {
  const path = new URL(url, 'http://console.invalid').pathname;
  return /\/incoming\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(path)?.[1] ?? null;
}

/** Share of the progress bar the bytes' PUT takes in bucket mode; the server's check (complete) takes the rest. */
const bucketPutShare = 0.95;

/** The reason of a refused PUT: the server's JSON `detail`, or the bucket's XML `<Message>`. */
function refusal(xhr: XMLHttpRequest): string {
  try {
    const detail = (JSON.parse(xhr.responseText) as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  } catch {
    const message = /<Message>([^<]*)<\/Message>/.exec(xhr.responseText)?.[1];
    if (message) return `The file store refused the upload: ${message}`;
  }
  return `Upload failed (${xhr.status})`;
}

/** PUTs the file with XMLHttpRequest (for upload progress); resolves with the answer's JSON, or null when none. */
function putFile(
  url: string,
  file: File,
  onProgress: (share: number) => void,
  started: (xhr: XMLHttpRequest) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    started(xhr);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(new UploadFailed(refusal(xhr)));
      try {
        resolve(JSON.parse(xhr.responseText));
      } catch {
        resolve(null);
      }
    };
    xhr.onerror = () => reject(new UploadFailed('The upload could not reach the server'));
    xhr.onabort = () => reject(new UploadFailed('Cancelled'));
    xhr.send(file);
  });
}

/**
 * Uploads one banner image: asks for a single-use URL (`banners/upload_urls`), then PUTs the bytes with
 * XMLHttpRequest so the browser reports upload progress. The server's own URL checks and stores the file in that PUT;
 * a presigned bucket URL only takes the bytes, so the upload is then reported (`banners/uploads/{id}/complete`) for
 * the server to check and keep it. `cancel` aborts whichever step is running.
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
    const uploadId = bucketUploadId(url);
    const share = uploadId ? bucketPutShare : 1;
    const answer = await putFile(
      url,
      file,
      (loaded) => onProgress(loaded * share),
      (xhr) => {
        request = xhr;
      },
    );
    if (!uploadId) {
      onProgress(1);
      return answer as UploadedFile;
    }
    if (controller.signal.aborted) throw new UploadFailed('Cancelled');
    const stored = await call(
      api.marketing.completeUpload,
      { params: { upload_id: uploadId } },
      { signal: controller.signal },
    );
    onProgress(1);
    return stored;
  })();
  return {
    done,
    cancel: () => {
      controller.abort();
      request?.abort();
    },
  };
}
