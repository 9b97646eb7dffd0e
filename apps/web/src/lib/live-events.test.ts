import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLiveEvents, parseEventStream, type LiveEvent } from './live-events';

vi.mock('./lazy-auth', () => ({ currentIdToken: vi.fn(() => Promise.resolve('token-of-ada')) }));

afterEach(() => vi.restoreAllMocks());

describe('parseEventStream', () => {
  it('reads events split across chunks, skips comments and joins multi-line data', () => {
    const events: Array<{ id?: string; name: string; data: string }> = [];
    const feed = parseEventStream((event) => events.push(event));
    feed('retry: 2000\n\n: heartbeat\n\nid: t1\nevent: bo');
    feed('ok\ndata: {"a":1}\n\r\n');
    feed('data: line one\ndata: line two\n\n');
    expect(events).toEqual([
      { id: 't1', name: 'book', data: '{"a":1}' },
      { id: undefined, name: 'message', data: 'line one\nline two' },
    ]);
  });
});

/** A response whose body sends `text` and then ends, or stays open when `end` is false. */
function streamed(text: string, end = true) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (end) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

describe('followLiveEvents', () => {
  it('hands over each event, and after a drop reconnects with a fresh token and the last event id', async () => {
    const stop = new AbortController();
    const seen: LiveEvent[] = [];
    const calls: RequestInit[] = [];
    const send = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init ?? {});
      if (calls.length === 1) return Promise.resolve(streamed('id: e1\nevent: book\ndata: {"id":"b1"}\n\n'));
      return Promise.resolve(streamed('id: e2\nevent: history\ndata: {"task":"Added"}\n\n', false));
    });

    const following = followLiveEvents({ onEvent: (event) => seen.push(event), signal: stop.signal, fetch: send });
    await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 3000 });
    stop.abort();
    await following;

    expect(seen).toEqual([
      { name: 'book', data: { id: 'b1' } },
      { name: 'history', data: { task: 'Added' } },
    ]);
    const headers = calls.map((init) => new Headers(init.headers));
    expect(headers.map((h) => h.get('Authorization'))).toEqual(['Bearer token-of-ada', 'Bearer token-of-ada']);
    expect(headers.map((h) => h.get('Last-Event-ID'))).toEqual([null, 'e1']);
  });

  it('keeps trying after the server cannot be reached, and stops when asked', async () => {
    const stop = new AbortController();
    const send = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const following = followLiveEvents({ onEvent: () => undefined, signal: stop.signal, fetch: send });
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2), { timeout: 3000 });
    stop.abort();
    await following;
    expect(send).toHaveBeenCalledTimes(2);
  });
});
