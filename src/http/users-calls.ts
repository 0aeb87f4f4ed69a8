import { addresses } from 'virtual:call-addresses/users';
import { decodeArea } from './area-addresses';

/** The users area's calls alone (the landing's last-viewed list, the open customer), without the whole catalogue. */
export const usersCalls = decodeArea('users', addresses);
