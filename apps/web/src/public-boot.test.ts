import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberSession } from './lib/session-hint';

// The hydration itself (public-main.tsx) is the browser's part, tested by e2e/visitor.spec.ts; here, when the
// first script starts it and what happens to a click meanwhile.
const hydration = vi.hoisted(() => ({ loaded: vi.fn(), done: () => {} }));
// Read once by each script that starts the hydration, which then waits for this test's `done`.
vi.mock('./public-main', () => ({
  get hydrated() {
    hydration.loaded();
    return new Promise<void>((resolve) => (hydration.done = resolve));
  },
}));

/** A fresh first script on a page whose root holds `html`. */
async function boot(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  vi.resetModules();
  hydration.loaded.mockClear();
  await import('./public-boot');
}

const settle = () => new Promise((resolve) => setTimeout(resolve));

describe("the public pages' first script", () => {
  beforeEach(() => localStorage.clear());
  // Each test ends hydrated, so that its script's listeners are gone before the next one boots.
  afterEach(async () => {
    await settle();
    hydration.done();
    await settle();
  });

  it('hydrates nothing until the visitor acts, then at the first act', async () => {
    await boot('<main><h1>Inventory</h1></main>');
    await settle();
    expect(hydration.loaded).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    await settle();
    expect(hydration.loaded).toHaveBeenCalledTimes(1);
  });

  it("takes a pointer move that went nowhere (the browser's own, after a layout) for no act, and one that moved for one", async () => {
    await boot('<main><h1>Inventory</h1></main>');
    // jsdom's pointer and mouse events have no movementX/Y: set on a plain event.
    const move = (movementX: number, movementY: number) => Object.assign(new Event('pointermove'), { movementX, movementY });
    window.dispatchEvent(move(0, 0));
    await settle();
    expect(hydration.loaded).not.toHaveBeenCalled();
    window.dispatchEvent(move(4, -2));
    await settle();
    expect(hydration.loaded).toHaveBeenCalledTimes(1);
  });

  it('holds a click on a button until the page is hydrated, then plays it on the button once', async () => {
    await boot('<main><button type="button">Page 2</button></main>');
    const button = document.querySelector('button')!;
    const clicks = vi.fn();
    button.addEventListener('click', clicks);
    button.click();
    await settle();
    expect(hydration.loaded).toHaveBeenCalledTimes(1);
    expect(clicks).not.toHaveBeenCalled();
    hydration.done();
    await settle();
    expect(clicks).toHaveBeenCalledTimes(1);
    button.click();
    expect(clicks).toHaveBeenCalledTimes(2);
  });

  it('hydrates at once a page drawn without its data, which only the script can load', async () => {
    await boot('<section><div role="status" aria-label="Loading books"></div></section>');
    await settle();
    expect(hydration.loaded).toHaveBeenCalledTimes(1);
  });

  it('hydrates at once in a browser that was signed in', async () => {
    rememberSession(true);
    await boot('<main><h1>Inventory</h1></main>');
    await settle();
    expect(hydration.loaded).toHaveBeenCalledTimes(1);
  });
});
