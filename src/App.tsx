import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { swrConfig } from './http/swr';
import { AppRoutes } from './routes';
import { Toaster } from './ui/Toaster';

/** The console: global data-fetching settings, the history-mode router with every route, and the toasts. */
export function App() {
  return (
    <SWRConfig value={swrConfig}>
      <Router>
        <AppRoutes />
      </Router>
      <Toaster />
    </SWRConfig>
  );
}
