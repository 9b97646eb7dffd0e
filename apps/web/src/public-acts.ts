/** The events that count as a visitor's first act on a public page (public-boot.ts): the first loads the app. */
export const FIRST_INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'focusin', 'touchstart', 'wheel', 'scroll'] as const;
