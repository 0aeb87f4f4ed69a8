// PLACEHOLDER by the console-shell engineer so the route table type-checks: the users views replace this file.
import { AreaPlaceholder } from '../../src/shell/AreaPlaceholder';

/** Users tabs (`/users/:tab`): placeholder until the users views land. */
export default function UsersPage(_: { tab: string }) {
  return <AreaPlaceholder area="users" />;
}
