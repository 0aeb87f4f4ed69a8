import { addresses } from 'virtual:call-addresses/auth';
import { decodeArea } from './area-addresses';

/** Sign-in, refresh and sign-out, without the rest of the catalogue: the kernel makes these on every screen. */
export const authCalls = decodeArea('auth', addresses);
