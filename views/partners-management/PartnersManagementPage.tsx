import { AreaPlaceholder } from '../shell/AreaPlaceholder';

/** Partners management (`/partners-management/:tab`): not built yet; the tab is in the URL. */
export default function PartnersManagementPage(_: { tab: string }) {
  return <AreaPlaceholder area="partners-management" />;
}
