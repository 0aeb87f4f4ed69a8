/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API server's origin (e.g. `https://api.example.com`); empty or unset → the console's own origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
