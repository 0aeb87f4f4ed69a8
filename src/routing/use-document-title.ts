import { useEffect } from 'react';
import { apiAddress } from '../http/api-address';
import { documentTitle, environmentOf } from './environment';

/** The environment of this build, from the API address (`VITE_API_BASE_URL`, else this origin). */
export const currentEnvironment = environmentOf(apiAddress());

/** Names the page in the document title, e.g. `Users — Loupe · development`. */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page, currentEnvironment);
  }, [page]);
}
