import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// `pnpm test` runs these beside the fault suite on a 2-core machine, where a screen may take more than the
// default second to show what a test waits for; one that never shows it still fails, after 5 s.
configure({ asyncUtilTimeout: 5_000 });

// The DOM stand-ins below are for jsdom; a test file that runs in Node (`@vitest-environment node`) has no DOM.
if (typeof window !== 'undefined') {
  // jsdom has no modal dialogs (the app's confirm dialog); the browser's showModal and close only toggle `open` here.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };

  // Sonner captures the pointer on a toast (to swipe it away); jsdom has no pointer capture.
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
  Element.prototype.hasPointerCapture = () => false;
}
