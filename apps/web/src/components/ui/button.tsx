import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-amber-700 text-white not-disabled:hover:bg-amber-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 not-disabled:hover:bg-slate-100',
  danger: 'bg-red-600 text-white not-disabled:hover:bg-red-700',
  ghost: 'text-slate-700 not-disabled:hover:bg-slate-100',
};

/**
 * Disabled looks the same in every variant and theme: a flat grey box with grey text. A paler amber (white on
 * amber-300) was hard to read, and in the dark theme, whose scale turns round (index.css), it became the light
 * theme's active amber. Slate-600 on slate-100 keeps the text readable (about 7:1 in either theme).
 */
const disabledLook = 'disabled:cursor-not-allowed disabled:border-slate-300 disabled:bg-slate-100 disabled:text-slate-600';

/**
 * The colours ease in on hover only. A button that becomes enabled (a card's Deleverd once the account's role has
 * arrived) changes colour at once: eased, its text spent 150 ms at a grey too pale to read, and an audit (or a
 * reader) landing in that moment saw too little contrast.
 */
export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold hover:transition-colors ${variants[variant]} ${disabledLook} ${extra}`;

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
