// How a process names itself in the job rows of a shared store (PostgreSQL), and which names
// belong to processes known to have stopped. A name is machine:pid:random, machine being the
// host name and the pid namespace: two containers may share a host name, and a pid says
// nothing outside its namespace, so only a name made in this very namespace is ever judged.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/** This host and pid namespace, or undefined where there is no /proc to tell the namespace. */
function machine(): string | undefined {
  try {
    return `${os.hostname()}/${fs.readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
}

export interface ProcessOwners {
  owner: string;
  stopped: (owner: string) => boolean;
}

/**
 * `isAlive` is asked only about pids of this machine; it answers true when unsure, so a job
 * is never failed while its process might still run it (it then waits to go stale).
 */
export function processOwners(isAlive: (pid: number) => boolean = pidAlive): ProcessOwners {
  const here = machine();
  const owner = `${here ?? os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const stopped = (other: string) => {
    const match = /^(.*):(\d+):[0-9a-f]+$/.exec(other);
    if (!here || !match || match[1] !== here || other === owner) return false;
    // Two live processes of one namespace never share a pid: an earlier holder of ours stopped.
    const pid = Number(match[2]);
    return pid === process.pid || !isAlive(pid);
  };
  return { owner, stopped };
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}
