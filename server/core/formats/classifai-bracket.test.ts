import { describe, expect, it } from 'vitest';
import { formatVersion, formatVersionList, formatVersionMap, parseVersion, parseVersionList, parseVersionMap } from './classifai-bracket';

const V = '8d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';
const version = { uuid: V, createdDate: '2021/12/20 03:01:00 PM', lastModifiedDate: '2021/12/20 03:14:55 PM', nextVersionUuid: null };
const ok = <T>(result: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe('writing the bracket formats (reference E.3)', () => {
  it('writes a version object, keys in order, no quotes or spaces', () => {
    expect(formatVersion(version)).toBe(`{version_uuid:${V},created_date:2021/12/20 03:01:00 PM,last_modified_date:2021/12/20 03:14:55 PM,next_version_uuid:null}`);
    expect(formatVersionList([version])).toBe(`[${formatVersion(version)}]`);
  });

  it('writes maps with Java list printing', () => {
    expect(formatVersionMap([[V, ['a', 'b']]])).toBe(`[{${V}:[a, b]}]`);
    expect(formatVersionMap([[V, []]])).toBe(`[{${V}:[]}]`);
    expect(formatVersionMap([[V, ['x']], ['w2', ['y', 'z']]])).toBe(`[{${V}:[x]},{w2:[y, z]}]`);
  });
});

describe('reading the bracket formats', () => {
  it('reads what the original writes', () => {
    expect(ok(parseVersion(formatVersion(version)))).toEqual(version);
    expect(ok(parseVersionList(`[${formatVersion(version)},{version_uuid:v2,created_date:2021/12/21 01:00:00 AM,last_modified_date:null,next_version_uuid:null}]`))).toEqual([
      version,
      { uuid: 'v2', createdDate: '2021/12/21 01:00:00 AM', lastModifiedDate: null, nextVersionUuid: null },
    ]);
    expect(ok(parseVersionMap(`[{${V}:[5b0c6d2e, 77aa0b1c]}]`))).toEqual(new Map([[V, ['5b0c6d2e', '77aa0b1c']]]));
  });

  it('reads an empty list as no items', () => {
    expect(ok(parseVersionMap(`[{${V}:[]}]`))).toEqual(new Map([[V, []]]));
    expect(ok(parseVersionMap('[]'))).toEqual(new Map());
  });

  it('reads several versions, spaces around separators and labels holding a colon', () => {
    expect(ok(parseVersionMap(` [ {v1:[a:b, c]} , {v2:[]} ] `))).toEqual(new Map([['v1', ['a:b', 'c']], ['v2', []]]));
    expect(ok(parseVersion(`[{version_uuid:${V}, created_date:2021/12/20 03:01:00 PM}]`))).toMatchObject({ uuid: V, lastModifiedDate: null });
  });

  it('cannot keep ", " inside an item: the format has no escaping', () => {
    expect(ok(parseVersionMap(formatVersionMap([[V, ['cat, black', 'dog']]])))).toEqual(new Map([[V, ['cat', 'black', 'dog']]]));
  });

  it('explains malformed texts', () => {
    expect(parseVersion('version_uuid:x')).toMatchObject({ ok: false, error: expect.stringContaining('not a {key:value') });
    expect(parseVersion('{created_date:x}')).toMatchObject({ ok: false, error: expect.stringContaining('no version_uuid') });
    expect(parseVersion('{version_uuid:x,garbage}')).toMatchObject({ ok: false, error: expect.stringContaining('is not key:value') });
    expect(parseVersionList('[]')).toMatchObject({ ok: false, error: 'the version list is empty' });
    expect(parseVersionList('{version_uuid:x}')).toMatchObject({ ok: false });
    for (const text of ['', '{v:[a]}', '[v:[a]]', '[{v:a}]', '[{:[a]}]', '[{v:[a]]']) expect(parseVersionMap(text).ok, text).toBe(false);
    expect(parseVersionMap('[{v:[a]},{v:[b]}]')).toMatchObject({ ok: false, error: expect.stringContaining('listed twice') });
  });

  it('keeps error messages short for huge lists', () => {
    const result = parseVersionMap(`[{v:${'x'.repeat(100_000)}}]`);
    expect(result.ok ? '' : result.error.length).toBeLessThan(200);
  });
});
