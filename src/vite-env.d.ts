/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API server's origin (e.g. `https://api.example.com`); empty or unset → the console's own origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Every call's address (method, path, token, flags) without its schemas: see scripts/call-addresses.ts. */
declare module 'virtual:call-addresses' {
  export const addresses: unknown;
}

/** One area's call addresses (`virtual:call-addresses/users`): what the first screen needs, without the rest. */
declare module 'virtual:call-addresses/*' {
  export const addresses: unknown;
}
