import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processOwners } from './process-owner';

const machineOf = (owner: string) => owner.replace(/:\d+:[0-9a-f]+$/, '');

describe('process owners', () => {
  it('knows a process of this machine whose pid is gone has stopped, and a live one has not', () => {
    const { owner, stopped } = processOwners();
    // A child that has exited (and been reaped): its pid is free.
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(exited.stdout);
    expect(stopped(`${machineOf(owner)}:${deadPid}:0badf00d`)).toBe(true);
    expect(stopped(`${machineOf(owner)}:${process.ppid}:0badf00d`)).toBe(false);
    expect(stopped(owner)).toBe(false);
    // An earlier process that had this pid cannot still run.
    expect(stopped(`${machineOf(owner)}:${process.pid}:0badf00d`)).toBe(true);
  });

  it('never judges a process of another host or pid namespace, nor a name it cannot read', () => {
    const { owner, stopped } = processOwners(() => false);
    expect(stopped(`other-host/pid:[4026531836]:123:0badf00d`)).toBe(false);
    expect(stopped(`${machineOf(owner)}x:123:0badf00d`)).toBe(false);
    expect(stopped('process-1')).toBe(false);
    expect(stopped('')).toBe(false);
  });
});
