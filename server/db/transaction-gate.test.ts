// One SQLite connection serves every request, and a transaction may await between its
// statements: what another request does meanwhile must neither join it nor see its rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Repositories } from '@/server/core/repositories';
import type { Project } from '@/server/core/types';
import { openDatabase, type LabelportDatabase } from './database';
import { image } from './repository-contract.fixtures';
import { createSqliteRepositories } from './repositories';

const opened: LabelportDatabase[] = [];
afterEach(() => opened.splice(0).forEach((db) => db.close()));

function open(): { db: LabelportDatabase; repos: Repositories } {
  const db = openDatabase(fs.mkdtempSync(path.join(os.tmpdir(), 'labelport-gate-')));
  opened.push(db);
  return { db, repos: createSqliteRepositories(db) };
}

const project = (id: string): Project => ({
  id,
  name: id,
  type: 'bndbox',
  folder: `/data/${id}`,
  isNew: true,
  isStarred: false,
  versionUuid: `v-${id}`,
  createdAt: 1,
  lastModifiedAt: 1,
  labels: [],
});

/** A promise and the function that resolves it: holds a transaction open until the test says. */
function hold() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

const afterTurn = () => new Promise((resolve) => setImmediate(resolve));

async function isPending(promise: Promise<unknown>): Promise<boolean> {
  let pending = true;
  void promise.then(
    () => (pending = false),
    () => (pending = false),
  );
  await afterTurn();
  return pending;
}

describe('the SQLite transaction gate', () => {
  it("keeps another request's write out of an open transaction: it waits, and a rollback does not undo it", async () => {
    const { repos } = open();
    const { held, release } = hold();
    const failing = repos.inTransaction(async () => {
      await repos.projects.insert(project('inside'));
      await held;
      throw new Error('the transaction fails');
    });
    await afterTurn();
    const outside = repos.projects.insert(project('outside'));
    const read = repos.projects.findById('inside');
    expect(await isPending(outside)).toBe(true);
    // Nor does a read from outside see the transaction's uncommitted row.
    expect(await isPending(read)).toBe(true);

    release();
    await expect(failing).rejects.toThrow('the transaction fails');
    await outside;
    expect(await read).toBeUndefined();
    expect((await repos.projects.listAll()).map((each) => each.id)).toEqual(['outside']);
  });

  it('lets a read from outside see the rows of a transaction once it committed', async () => {
    const { repos } = open();
    const { held, release } = hold();
    const committing = repos.inTransaction(async () => {
      await repos.projects.insert(project('inside'));
      await held;
    });
    await afterTurn();
    const read = repos.projects.findById('inside');
    expect(await isPending(read)).toBe(true);
    release();
    await committing;
    expect(await read).toMatchObject({ id: 'inside' });
  });

  it('undoes only the savepoint that threw: the enclosing transaction commits the rest', async () => {
    const { repos } = open();
    await repos.inTransaction(async () => {
      await repos.projects.insert(project('before'));
      await expect(
        repos.inTransaction(async () => {
          await repos.projects.insert(project('undone'));
          throw new Error('this write fails');
        }),
      ).rejects.toThrow('this write fails');
      await repos.projects.insert(project('after'));
    });
    expect((await repos.projects.listAll()).map((each) => each.id)).toEqual(['after', 'before']);
  });

  it('runs the writes of a job begun inside a transaction that ended as any other request: never inside a later one', async () => {
    const { repos } = open();
    const job = hold();
    let running: Promise<void> = Promise.resolve();
    await repos.inTransaction(async () => {
      await repos.projects.insert(project('request'));
      // Started here, the job keeps this transaction's async context after it ended.
      running = (async () => {
        await job.held;
        await repos.projects.insert(project('job'));
        await repos.inTransaction(() => repos.projects.insert(project('job-transaction')));
      })();
    });
    const later = hold();
    const failing = repos.inTransaction(async () => {
      await repos.projects.insert(project('later'));
      await later.held;
      throw new Error('the later transaction fails');
    });
    await afterTurn();
    job.release();
    expect(await isPending(running)).toBe(true);
    later.release();
    await expect(failing).rejects.toThrow('the later transaction fails');
    await running;
    expect((await repos.projects.listAll()).map((each) => each.id)).toEqual(['job', 'job-transaction', 'request']);
  });
});

describe('the image caches and a rollback', () => {
  it('a count or uuid list read inside a savepoint that rolls back is not served after it', async () => {
    const { repos } = open();
    await repos.projects.insert(project('p'));
    await repos.images.insertMany('p', [image('a', 'a.png'), image('b', 'b.png')]);
    await repos.inTransaction(async () => {
      await repos
        .inTransaction(async () => {
          await repos.images.insertMany('p', [image('c', 'c.png')]);
          expect(await repos.images.counts('p')).toEqual({ total: 3, labeled: 0 });
          expect(await repos.images.listUuids('p')).toEqual(['a', 'b', 'c']);
          throw new Error('undo the insert');
        })
        .catch(() => undefined);
      // Still inside the outer transaction, which commits.
      expect(await repos.images.counts('p')).toEqual({ total: 2, labeled: 0 });
    });
    expect(await repos.images.listUuids('p')).toEqual(['a', 'b']);
  });
});
