import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { closePalette } from '../../../commands/palette-state';
import { cancelRun } from '../../../commands/runner';
import { toastState } from '../../../src/ui/toast-store';

/**
 * The unit project shares one module graph per worker (`isolate: false`: importing React, the catalogue and a DOM
 * once per worker instead of once per file took the project from ~70 s to ~15 s). What a file leaves behind in the
 * shared modules or the document is reset here after every test, so no file depends on running first: mounted
 * trees (and their document key listeners), what a test appended to the body itself, toasts, an open palette or command run, the address. (Stored settings stay: files that use them set them up.)
 */
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  cancelRun();
  closePalette();
  toastState.toasts.splice(0);
  window.history.replaceState(null, '', '/');
});
