import { execFile } from 'node:child_process';
import { appendFile, chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A PostgreSQL primary and its streaming replica (pg_basebackup -R), each a cluster of its own on its own port. */
export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops the replica (fast shutdown): its connections end, new ones are refused. */
  stopReplica(): Promise<void>;
  /** Stops both clusters and removes their files. */
  stop(): Promise<void>;
}

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<version>/bin). */
async function serverBinaries(): Promise<string> {
  const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL server under /usr/lib/postgresql');
  return join('/usr/lib/postgresql', versions[0], 'bin');
}

/**
 * Starts a throwaway primary (initdb) on `primaryPort` and a hot-standby replica of it on `replicaPort`, streaming
 * WAL. Runs the server as the `postgres` user when this process is root (PostgreSQL refuses root). fsync is off: the
 * clusters live for one test. About 3 s on this machine.
 */
export async function startReplicaPair(primaryPort: number, replicaPort: number): Promise<ReplicaPair> {
  const bin = await serverBinaries();
  const dir = await mkdtemp(join(tmpdir(), 'loupe-replica-'));
  const root = process.getuid?.() === 0;
  if (root) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (program: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args]) : run(join(bin, program), args);
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const settings = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'shared_buffers = 16MB',
      'max_connections = 40',
      'max_wal_senders = 4',
      '',
    ].join('\n');
  const started: string[] = [];
  const stop = async () => {
    for (const data of started.reverse())
      await as('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // initdb with trust writes `host replication all 127.0.0.1/32 trust`, which pg_basebackup needs.
    await as('initdb', [
      '-D',
      primary,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--locale=C.UTF-8',
    ]);
    await appendFile(join(primary, 'postgresql.conf'), settings(primaryPort));
    await as('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', 'start']);
    started.push(primary);
    await as('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R']);
    await appendFile(join(replica, 'postgresql.conf'), `port = ${replicaPort}\nhot_standby = on\n`);
    await as('pg_ctl', ['-D', replica, '-l', join(dir, 'replica.log'), '-w', 'start']);
    started.push(replica);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica: async () => {
      await as('pg_ctl', ['-D', replica, '-m', 'fast', '-w', 'stop']);
      started.splice(started.indexOf(replica), 1);
    },
    stop,
  };
}
