/**
 * Hands a signed URL to the browser as a download: the file is served as an attachment, so the page stays and the
 * browser writes it to disk as it streams in (nothing is held in the page's memory).
 */
export function startDownload(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
