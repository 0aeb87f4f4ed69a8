import type { Role } from '../../../domain/roles';
import { signIn } from '../../../src/session/store';

/** Signs the store in as a staff member with the given tokens, as a login answer would. */
export function signedInAs(role: Role, accessToken = 'access-1', refreshToken = 'refresh-1'): void {
  signIn({
    user_id: 7,
    user_role: role,
    first_name: 'Ada',
    last_name: 'Lovelace',
    access_token: accessToken,
    refresh_token: refreshToken,
  });
}
