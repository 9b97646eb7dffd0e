import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { json, renderWithApp, stubFetch } from '../../test/render-with-app';
import { HomePage } from './home';

function LoginProbe() {
  const { state } = useLocation();
  return <p>Login page, from {JSON.stringify(state)}</p>;
}

afterEach(() => vi.unstubAllGlobals());

it('sends a signed-out visitor who posts a comment to /login, remembering home', async () => {
  const fetchMock = stubFetch((url) => {
    if (url.pathname === '/api/reviewCount') return json({ count: 0 });
    return json([]);
  });
  renderWithApp(<HomePage />, { path: paths.home, routes: [{ path: paths.login, element: <LoginProbe /> }] });
  await userEvent.type(await screen.findByLabelText('Leave a comment'), 'Hello there');
  await userEvent.click(screen.getByRole('button', { name: 'Post comment' }));
  expect(await screen.findByText(`Login page, from ${JSON.stringify({ from: paths.home })}`)).toBeInTheDocument();
  expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
});
