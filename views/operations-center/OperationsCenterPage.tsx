import { AreaPlaceholder } from '../../src/shell/AreaPlaceholder';

/** The operations center (`/operations-center/:tab`): not built yet; the tab is in the URL. */
export default function OperationsCenterPage(_: { tab: string }) {
  return <AreaPlaceholder area="operations-center" />;
}
