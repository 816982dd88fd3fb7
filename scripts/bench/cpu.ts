// CPU seconds spent by the app process and by the PostgreSQL server while a route is loaded
// (issue 25, point 5): their ratio says how many app processes one PostgreSQL core keeps up
// with, that is where PostgreSQL becomes the limit. Linux only (/proc), and only for a
// PostgreSQL on this machine.
import fs from 'node:fs';
import pg from 'pg';

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces): [0] is the state. */
function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** utime + stime (and, with `children`, the reaped children's) of a process, in seconds. */
function cpuSeconds(pid: number, children = false): number {
  try {
    const fields = statFields(pid);
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
    return (utime! + stime! + (children ? cutime! + cstime! : 0)) / TICKS_PER_SECOND;
  } catch {
    return 0; // a backend that ended meanwhile: its time is in its parent's
  }
}

function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        return Number(statFields(p)[1]) === pid;
      } catch {
        return false;
      }
    });
}

/** The PostgreSQL server of `url`: its postmaster (the parent of a backend of ours). */
export async function postgresServer(url: string): Promise<() => number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = Number(statFields(rows[0]!.pid)[1]); // read while the backend lives
  await client.end();
  // Ended backends are counted in the postmaster's children's time, live ones on their own.
  return () =>
    cpuSeconds(postmaster, true) +
    childrenOf(postmaster).reduce((sum, p) => sum + cpuSeconds(p), 0);
}

/** A process of ours and its children (the tsx command runs the script in a child). */
export const processCpu = (pid: number) => () =>
  cpuSeconds(pid, true) + childrenOf(pid).reduce((sum, p) => sum + cpuSeconds(p, true), 0);
