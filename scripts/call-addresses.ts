import { tsImport } from 'tsx/esm/api';
import type { Plugin, ViteDevServer } from 'vite';
import { type CallAddress, encodeAddress } from '../domain/call-address.ts';

/** The module the console imports its call addresses from (`src/http/addresses.ts`); `…/<area>` holds one area's. */
export const callAddressesId = 'virtual:call-addresses';
const resolvedId = `\0${callAddressesId}`;

type Catalogue = Record<string, Record<string, CallAddress>>;

function areaLines(area: string, calls: Record<string, CallAddress>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(calls).map(([name, endpoint]) => [name, encodeAddress(endpoint, `${area}.${name}`)]),
  );
}

/**
 * The catalogue's addresses as a module: `export const addresses = { area: { call: 'POST users/users_filter r' } }`,
 * or, given an area, that area's only (`{ call: '…' }`): the first screen loads just the areas it calls.
 */
export function callAddressesModule(catalogue: Catalogue, area?: string): string {
  if (area !== undefined) {
    const calls = catalogue[area];
    if (!calls) throw new Error(`${callAddressesId}/${area}: the catalogue has no area ${area}`);
    return `export const addresses = ${JSON.stringify(areaLines(area, calls))};\n`;
  }
  const addresses = Object.fromEntries(
    Object.entries(catalogue).map(([name, calls]) => [name, areaLines(name, calls)]),
  );
  return `export const addresses = ${JSON.stringify(addresses)};\n`;
}

/**
 * Serves `virtual:call-addresses`: every call's method, path, permission and flags, read from the catalogue
 * (domain/api.ts) when the console is built, without its zod schemas. The console's kernel and pages send their calls
 * through these addresses, so the first screen does not load the schema library and the whole catalogue; the commands
 * and forms that validate input load the real schemas when they are used. In `npm run dev` the catalogue is read
 * through the dev server, so an edited call is picked up on reload.
 */
export function callAddresses(): Plugin {
  let server: ViteDevServer | undefined;
  return {
    name: 'loupe-call-addresses',
    configureServer(devServer) {
      server = devServer;
    },
    resolveId(source) {
      return source === callAddressesId || source.startsWith(`${callAddressesId}/`) ? `\0${source}` : undefined;
    },
    async load(id) {
      if (id !== resolvedId && !id.startsWith(`${resolvedId}/`)) return undefined;
      const area = id === resolvedId ? undefined : id.slice(resolvedId.length + 1);
      // Through the dev server (fresh after an edit), else through tsx: the catalogue's modules import without
      // extensions, which Vite's own config loader leaves to a bundler.
      const module = server
        ? await server.ssrLoadModule('/domain/api.ts')
        : await tsImport('../domain/api.ts', import.meta.url);
      return callAddressesModule((module as { api: Catalogue }).api, area);
    },
    handleHotUpdate({ file, server: devServer }) {
      if (!file.includes('/domain/')) return;
      for (const module of devServer.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith(resolvedId)) devServer.moduleGraph.invalidateModule(module);
      }
    },
  };
}
