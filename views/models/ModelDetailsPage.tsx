import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** One model (`/models/:id`, needs see_models): not built yet. */
export default function ModelDetailsPage({ id }: { id: string }) {
  return <AreaPlaceholder area="models" title={`Model ${id}`} />;
}
