import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** Pending projects (`/pending-projects`): not built yet. */
export default function PendingProjectsPage() {
  return <AreaPlaceholder area="pending-projects" />;
}
