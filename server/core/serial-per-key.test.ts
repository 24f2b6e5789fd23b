import { describe, expect, it } from 'vitest';
import { createSerialPerKey } from './serial-per-key';

const settleLater = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('serial per key', () => {
  it('runs the tasks of one key in the order given, even when an earlier one is slower', async () => {
    const serial = createSerialPerKey();
    const finished: string[] = [];
    await Promise.all(
      [['first', 30], ['second', 0], ['third', 10]].map(([name, ms]) =>
        serial.run('project', async () => {
          await settleLater(Number(ms));
          finished.push(String(name));
        }),
      ),
    );
    expect(finished).toEqual(['first', 'second', 'third']);
  });

  it('goes on after a failed task, which alone hears its failure', async () => {
    const serial = createSerialPerKey();
    const failed = serial.run('project', async () => {
      throw new Error('refused');
    });
    const next = serial.run('project', async () => 'stored');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('stored');
  });

  it('does not make one key wait for another', async () => {
    const serial = createSerialPerKey();
    let release: () => void = () => undefined;
    const blocked = serial.run('slow', () => new Promise<void>((resolve) => (release = resolve)));
    await expect(serial.run('other', async () => 'done')).resolves.toBe('done');
    release();
    await blocked;
  });
});
