import { afterEach, describe, expect, it } from 'vitest';
import { progressReporter } from '../../commands/projects/download-photos';
import { toastState } from '../../src/ui/toast-store';

const link = {
  url: '/admin/projects/editing/7/photos.zip?expires=1&signature=x',
  expires_at: '2026-11-24T23:00:00.000Z',
  filename: 'smith-wedding-7.zip',
  files: 1500,
  bytes: 7_291_598,
};

describe('download progress', () => {
  afterEach(() => {
    toastState.toasts.splice(0);
  });

  it('shows one toast that follows the bytes received, in steps of 5 %', () => {
    const report = progressReporter(link);
    report(0);
    expect(toastState.toasts.map((toast) => toast.title)).toEqual(['Downloading smith-wedding-7.zip: 0 %']);
    report(3_700_000);
    report(3_710_000);
    expect(toastState.toasts).toHaveLength(1);
    expect(toastState.toasts[0]).toMatchObject({
      title: 'Downloading smith-wedding-7.zip: 50 %',
      message: '3.7 MB of 7.3 MB, 1,500 photos',
    });
    report(link.bytes);
    expect(toastState.toasts.map((toast) => toast.title)).toEqual(['Downloading smith-wedding-7.zip: 100 %']);
  });
});
