// Presence on SQLite is kept in memory (teamwork.repository.ts): what the tabs are told must be
// what the presence rows told them before.
import { describe, expect, it } from 'vitest';
import { createMemoryPresence } from './teamwork.repository';

describe('presence in memory', () => {
  it('answers the tabs on one image of one project, by name, and forgets the silent and the gone', () => {
    const presence = createMemoryPresence();
    presence.touchPresence('p1', 'tab-b', 'img-1', 'bob', 100);
    presence.touchPresence('p1', 'tab-a', 'img-1', 'ann', 110);
    presence.touchPresence('p1', 'tab-c', 'img-2', 'cy', 120);
    presence.touchPresence('p2', 'tab-d', 'img-1', 'dan', 130);
    expect(presence.presentOn('p1', 'img-1', 0)).toEqual([
      { clientId: 'tab-a', actor: 'ann', seenAt: 110 },
      { clientId: 'tab-b', actor: 'bob', seenAt: 100 },
    ]);
    // Bob's tab moves to the second image; a mark older than `since` is not present.
    presence.touchPresence('p1', 'tab-b', 'img-2', 'bob', 140);
    expect(presence.presentOn('p1', 'img-2', 125).map((client) => client.actor)).toEqual(['bob']);
    presence.leavePresence('p1', 'tab-b');
    expect(presence.presentOn('p1', 'img-2', 0).map((client) => client.actor)).toEqual(['cy']);
    presence.forgetPresence(125);
    expect(presence.presentOn('p1', 'img-2', 0)).toEqual([]);
    expect(presence.presentOn('p2', 'img-1', 0).map((client) => client.actor)).toEqual(['dan']);
  });

  it('holds at most 10,000 tabs, forgetting the longest silent first', () => {
    const presence = createMemoryPresence();
    for (let tab = 0; tab < 10_000; tab++) presence.touchPresence('p', `tab-${tab}`, 'img', 'local', tab);
    // The first tab speaks again, so the second is now the longest silent.
    presence.touchPresence('p', 'tab-0', 'img', 'local', 20_000);
    presence.touchPresence('p', 'tab-new', 'img', 'local', 20_001);
    const present = new Set(presence.presentOn('p', 'img', 0).map((client) => client.clientId));
    expect(present.size).toBe(10_000);
    expect(present.has('tab-0')).toBe(true);
    expect(present.has('tab-1')).toBe(false);
    expect(present.has('tab-new')).toBe(true);
  });
});
