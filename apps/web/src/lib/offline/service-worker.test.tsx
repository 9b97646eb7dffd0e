import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, reloadToNewVersion, useNewVersionReady } from './service-worker';

/** The prompt as the status bar shows it (features/offline/components/offline-status.tsx). */
function Prompt() {
  return useNewVersionReady() ? (
    <button type="button" onClick={reloadToNewVersion}>
      Reload
    </button>
  ) : (
    <p>Up to date</p>
  );
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('a new version of the app', () => {
  it('is offered once installed, and takes over and reloads only when the clerk agrees', async () => {
    vi.stubEnv('PROD', true);
    const container = new EventTarget();
    const waiting = { postMessage: vi.fn() };
    Object.assign(container, {
      controller: {},
      register: vi.fn(() => Promise.resolve(Object.assign(new EventTarget(), { waiting, update: () => Promise.resolve() }))),
    });
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });

    render(<Prompt />);
    expect(screen.getByText('Up to date')).toBeInTheDocument();
    registerServiceWorker();
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(waiting.postMessage).toHaveBeenCalledWith('skip-waiting');
    // Nothing reloads until the new worker has taken over.
    expect(reload).not.toHaveBeenCalled();
    act(() => void container.dispatchEvent(new Event('controllerchange')));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
