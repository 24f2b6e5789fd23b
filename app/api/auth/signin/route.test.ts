// The sign-in route's reading of its body, with the user directory stubbed: no server, no store.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { unauthenticated } from '@/server/core/errors';
import { POST } from './route';

const signIn = vi.fn();
vi.mock('@/server/runtime/core-singleton', () => ({ getCore: async () => ({ users: { signIn } }) }));

beforeEach(() => {
  signIn.mockReset();
  signIn.mockRejectedValue(unauthenticated('Wrong user name or password'));
});

describe('POST /api/auth/signin', () => {
  it('reads a chunked body no further than a few KiB, and refuses it as too large without trying a sign-in', async () => {
    const MiB = 2 ** 20;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('name='));
      },
      pull(controller) {
        if (sent >= 64 * MiB) return controller.close();
        sent += MiB;
        controller.enqueue(new Uint8Array(MiB).fill(0x61));
      },
    });
    const request = new Request('http://localhost:9999/api/auth/signin', {
      method: 'POST',
      headers: { host: 'localhost:9999', 'content-type': 'application/x-www-form-urlencoded' },
      body,
      duplex: 'half',
    } as RequestInit);
    const reply = await POST(request);
    expect(sent).toBeLessThan(4 * MiB);
    expect(signIn.mock.calls).toEqual([]);
    expect({ status: reply.status, location: reply.headers.get('location') }).toEqual({ status: 303, location: '/signin?error=failed' });
  });

  it('still reads a form and a JSON body of ordinary size', async () => {
    const headers = { host: 'localhost:9999', 'content-type': 'application/x-www-form-urlencoded' };
    await POST(new Request('http://localhost:9999/api/auth/signin', { method: 'POST', headers, body: 'name=ada&password=p%26w&next=%2Fadmin' }));
    await POST(new Request('http://localhost:9999/api/auth/signin', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":"bo","password":"x"}' }));
    expect(signIn.mock.calls).toEqual([['ada', 'p&w', null], ['bo', 'x', null]]);
  });
});
