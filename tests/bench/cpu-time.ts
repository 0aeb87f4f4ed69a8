import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (100 on Linux as built). */
const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 when it is gone. */
function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  } catch {
    return 0;
  }
}

/** The pids of every process whose command is `name` (e.g. the PostgreSQL server's backends, `postgres`). */
export function pidsNamed(name: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
      } catch {
        return false;
      }
    });
}

/** CPU used by a set of processes between `start` and `stop`, counting processes that started in between. */
export class CpuMeter {
  #before = new Map<number, number>();
  constructor(private readonly pids: () => number[]) {}
  start(): void {
    this.#before = new Map(this.pids().map((pid) => [pid, cpuOf(pid)]));
  }
  /** CPU seconds since start(); a process that ended in between loses what it used after start (backends persist). */
  stop(): number {
    return this.pids().reduce((sum, pid) => sum + cpuOf(pid) - (this.#before.get(pid) ?? 0), 0);
  }
}

/** `pid` and every process below it (a server's `WORKERS` forks, say), from /proc's parent ids. */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone in between
    }
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index++) {
    for (const [child, parent] of parents) if (parent === tree[index]) tree.push(child);
  }
  return tree;
}
