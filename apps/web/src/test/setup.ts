import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

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
