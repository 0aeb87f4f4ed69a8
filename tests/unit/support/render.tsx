import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { swrConfig } from '../../../src/http';

/** Renders a page at a URL, inside the app's SWR settings with a fresh cache and the history router. */
export function renderAt(url: string, page: ReactNode) {
  history.replaceState(null, '', url);
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <Router>{page}</Router>
    </SWRConfig>,
  );
}
