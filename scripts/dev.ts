import { spawn } from 'node:child_process';

/** `npm run dev`: the API (restarted on server changes) and Vite with hot reload, which proxies /admin to it. */
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch-path=server', '--watch-path=domain', 'server/main.ts'], {
    env: { ...process.env, SKIP_CONSOLE_BUILD: '1' },
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
