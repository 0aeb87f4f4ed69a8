import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { callAddresses } from './scripts/call-addresses.ts';
import { precompress } from './scripts/precompress.ts';

/** The console's build and dev server. `npm run dev` proxies `/admin` to the API (`VITE_PROXY_TARGET`, default :8080). */
export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const proxyTarget = env.VITE_PROXY_TARGET ?? `http://127.0.0.1:${env.PORT ?? '8080'}`;
  return {
    plugins: [react(), tailwindcss(), callAddresses(), precompress()],
    server: {
      port: 5173,
      proxy: { '/admin': { target: proxyTarget, changeOrigin: false } },
    },
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  };
});
