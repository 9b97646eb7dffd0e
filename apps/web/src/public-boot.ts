import { hadSession } from './lib/session-hint';
import { FIRST_INTERACTIONS } from './public-acts';
import './index.css';

/**
 * The public pages' only script at load (public.html; docs/decisions/016-landing-prerender.md). The page arrives
 * whole, drawn by the API with its books and comments, so nothing needs the app's code until the visitor does
 * something: the first pointer, key, focus, touch, scroll or click loads it and hydrates the page
 * (public-main.tsx). A click on a button until then (a screen reader's comes with no pointer or key before it)
 * is held and replayed on the hydrated button; a link needs nothing, since
 * every navigation from a public page loads a document anyway. Two pages hydrate at once: in a browser that
 * was signed in (its header and the cards' buttons are not a visitor's), and a landing page drawn without its
 * data (the API could not read it in time and sent the one drawn at build time): it shows the data loading
 * (`role="status"`), and only the script can load it.
 */

let started = false;
let held: HTMLButtonElement | undefined;

function hold(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = button;
  hydrate();
}

/**
 * A visitor's first act starts the hydration. A pointer move that went nowhere is not one: Chromium moves a new
 * page's pointer to (0, 0) after its first layouts, to update what it hovers.
 */
function act(event: Event) {
  if (event.type === 'pointermove' && (event as PointerEvent).movementX === 0 && (event as PointerEvent).movementY === 0) return;
  hydrate();
}

function hydrate() {
  if (started) return;
  started = true;
  for (const type of FIRST_INTERACTIONS) removeEventListener(type, act, true);
  import('./public-main')
    .then(({ hydrated }) => hydrated)
    .then(
      () => {
        removeEventListener('click', hold, true);
        held?.click();
      },
      // Not loaded (offline, a new deployment): the drawn page stays as it is, its links still work.
      () => removeEventListener('click', hold, true),
    );
}

const waitsForData = () => document.querySelector('#root [role="status"]') !== null;

addEventListener('click', hold, true);
if (hadSession() || waitsForData()) hydrate();
else for (const type of FIRST_INTERACTIONS) addEventListener(type, act, { capture: true, passive: true });
