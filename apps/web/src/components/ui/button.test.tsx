import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it.each(['primary', 'secondary', 'danger', 'ghost'] as const)(
    'a disabled %s button reads as disabled: grey text on grey, no hover colour',
    (variant) => {
      render(
        <Button variant={variant} disabled>
          Commit
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Commit' });
      expect(button).toBeDisabled();
      // The same grey in every variant and theme (index.css turns the scale round in the dark theme, grey stays grey).
      expect(button.className).toMatch(/\bdisabled:bg-slate-100\b/);
      expect(button.className).toMatch(/\bdisabled:text-slate-600\b/);
      // Hover colours apply to an enabled button only.
      expect(button.className.split(' ').filter((c) => c.startsWith('hover:bg-'))).toEqual([]);
    },
  );
});
