import { EmptyState } from '../../src/ui/EmptyState';

/** A user details tab whose content comes with a later issue. */
export function NotBuiltTab({ title }: { title: string }) {
  return <EmptyState title={`${title}: not built yet`} message="This tab arrives with a later issue." />;
}
