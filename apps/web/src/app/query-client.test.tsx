import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRestockBook } from '../features/books/api/restock-book';
import { testBook } from '../test/fixtures';
import { json, stubFetch } from '../test/render-with-app';
import { createQueryClient } from './query-client';

const book = testBook({ _id: '64b000000000000000000007' });

afterEach(() => vi.unstubAllGlobals());

function renderRestock() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useRestockBook(), { wrapper }).result;
}

const keysSent = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));

const unavailable = () => json({ error: { code: 'database_unavailable', message: 'The database is unavailable; try again shortly' } }, 503);

describe('a write retried by the app', () => {
  it('sends the same Idempotency-Key on the retry after a 503, and a new one for the next action', async () => {
    let calls = 0;
    const fetchMock = stubFetch(() => (++calls === 1 ? unavailable() : json(book)));
    const restock = renderRestock();

    await restock.current.mutateAsync({ id: book._id, amount: 2 });
    await restock.current.mutateAsync({ id: book._id, amount: 2 });

    const [first, retry, next] = keysSent(fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('sends the same key again after no answer came at all', async () => {
    let calls = 0;
    const fetchMock = stubFetch(() => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return json(book);
    });
    const restock = renderRestock();
    await restock.current.mutateAsync({ id: book._id, amount: 1 });
    const [first, retry] = keysSent(fetchMock);
    expect(retry).toBe(first);
  });

  it('does not retry a refusal', async () => {
    const fetchMock = stubFetch(() => json({ error: { code: 'conflict', message: 'Cannot deliver 5' } }, 409));
    const restock = renderRestock();
    restock.current.mutate({ id: book._id, amount: 5 });
    await waitFor(() => expect(restock.current.isError).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after two retries', async () => {
    const fetchMock = stubFetch(unavailable);
    const restock = renderRestock();
    restock.current.mutate({ id: book._id, amount: 1 });
    await waitFor(() => expect(restock.current.isError).toBe(true), { timeout: 6000 });
    expect(new Set(keysSent(fetchMock)).size).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  }, 10_000);
});
