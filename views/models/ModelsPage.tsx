import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** The models list (`/models`, needs see_models): not built yet. */
export default function ModelsPage() {
  return <AreaPlaceholder area="models" />;
}
