import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLiveEvents, parseEventStream, shareLiveEvents, type LiveEvent, type TabChannel, type TabLocks } from './live-events';

vi.mock('./lazy-auth', () => ({ currentIdToken: vi.fn(() => Promise.resolve('token-of-ada')) }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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
      { id: 'e1', name: 'book', data: { id: 'b1' } },
      { id: 'e2', name: 'history', data: { task: 'Added' } },
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

  it('after a 429 waits its Retry-After before connecting again, however early the first retry would be', async () => {
    vi.useFakeTimers();
    const stop = new AbortController();
    const send = vi.fn(() => Promise.resolve(new Response('{}', { status: 429, headers: { 'Retry-After': '30' } })));
    const following = followLiveEvents({ onEvent: () => undefined, signal: stop.signal, fetch: send });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(2);
    stop.abort();
    await following;
  });
});

/** Web Locks in one page: one holder at a time, the others wait in turn; a waiter whose signal aborts is withdrawn. */
function fakeLocks(): TabLocks {
  let held = Promise.resolve();
  return {
    request(_name, { signal }, hold) {
      const turn = held.then(() => {
        if (signal.aborted) throw new DOMException('withdrawn', 'AbortError');
        return hold();
      });
      held = turn.catch(() => undefined);
      return turn;
    },
  };
}

/** BroadcastChannel between fake tabs: a message reaches every other open channel, never its sender. */
function fakeChannels() {
  const open = new Set<TabChannel>();
  return () => {
    const channel: TabChannel = {
      onmessage: null,
      postMessage: (event) => {
        for (const other of open)
          if (other !== channel) queueMicrotask(() => other.onmessage?.(new MessageEvent('message', { data: event })));
      },
      close: () => void open.delete(channel),
    };
    open.add(channel);
    return channel;
  };
}

/** A fetch whose every answer is a stream left open; `push(i, text)` sends on the i-th one. */
function openStreams() {
  const streams: Array<{ init: RequestInit; controller: ReadableStreamDefaultController<Uint8Array> }> = [];
  const send = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push({ init: init ?? {}, controller }) });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
  });
  const push = (i: number, text: string) => streams[i]!.controller.enqueue(new TextEncoder().encode(text));
  const lastEventIds = () => streams.map(({ init }) => new Headers(init.headers).get('Last-Event-ID'));
  return { send, push, lastEventIds };
}

describe('shareLiveEvents', () => {
  it('opens one stream for all the tabs, passes its events to each, and when its tab stops another resumes after the last event', async () => {
    const [locks, channel, streams] = [fakeLocks(), fakeChannels(), openStreams()];
    const tab = () => {
      const stop = new AbortController();
      const seen: string[] = [];
      const done = shareLiveEvents({
        onEvent: (event) => seen.push(event.name),
        signal: stop.signal,
        fetch: streams.send,
        tabs: { locks, channel: channel() },
      });
      return { stop, seen, done };
    };
    const [first, second] = [tab(), tab()];

    await vi.waitFor(() => expect(streams.send).toHaveBeenCalledTimes(1));
    streams.push(0, 'id: e1\nevent: book\ndata: {}\n\n');
    await vi.waitFor(() => expect([first.seen, second.seen]).toEqual([['book'], ['book']]));

    first.stop.abort();
    await first.done;
    await vi.waitFor(() => expect(streams.send).toHaveBeenCalledTimes(2));
    expect(streams.lastEventIds()).toEqual([null, 'e1']);
    streams.push(1, 'id: e2\nevent: history\ndata: {}\n\n');
    await vi.waitFor(() => expect(second.seen).toEqual(['book', 'history']));
    expect(first.seen).toEqual(['book']);

    second.stop.abort();
    await second.done;
  });

  it('tells every tab whether the stream is open, a tab opened later included, and never as an event', async () => {
    const [locks, channel, streams] = [fakeLocks(), fakeChannels(), openStreams()];
    const stop = new AbortController();
    const tab = () => {
      const seen: string[] = [];
      const open: boolean[] = [];
      const done = shareLiveEvents({
        onEvent: (event) => seen.push(event.name),
        onStatus: (now) => open.push(now),
        signal: stop.signal,
        fetch: streams.send,
        tabs: { locks, channel: channel() },
      });
      return { seen, open, done };
    };
    const first = tab();
    await vi.waitFor(() => expect(first.open).toEqual([true]));
    const second = tab();
    await vi.waitFor(() => expect(second.open).toEqual([true]));
    streams.push(0, 'id: e1\nevent: count\ndata: {}\n\n');
    await vi.waitFor(() => expect([first.seen, second.seen]).toEqual([['count'], ['count']]));
    stop.abort();
    await Promise.all([first.done, second.done]);
    expect(first.open.at(-1)).toBe(false);
  });

  it('gives each tab a stream of its own where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', {});
    const streams = openStreams();
    const stop = new AbortController();
    const tabs = [0, 1].map(() => shareLiveEvents({ onEvent: () => undefined, signal: stop.signal, fetch: streams.send }));
    await vi.waitFor(() => expect(streams.send).toHaveBeenCalledTimes(2));
    stop.abort();
    await Promise.all(tabs);
  });
});
