import { useCallback, useEffect } from 'react';
import { setFocusedRowTarget } from '../../commands/page-target';
import { userTarget } from '../../commands/target';
import type { CustomerRow } from '../../domain/users';

/** Reports a customers table's focused row as the palette's target, and forgets it when the table goes. */
export function useFocusedCustomer(): (row: CustomerRow | undefined) => void {
  useEffect(() => () => setFocusedRowTarget(undefined), []);
  return useCallback((row: CustomerRow | undefined) => setFocusedRowTarget(row ? userTarget(row) : undefined), []);
}
