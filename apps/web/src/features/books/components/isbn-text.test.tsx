import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IsbnText, rememberDrawnIsbns } from './isbn-text';

describe('IsbnText', () => {
  it('shows an ISBN the server drew hyphenated the same way from its first render, before isbn3 has loaded', () => {
    const drawn = document.createElement('div');
    drawn.innerHTML = '<span data-isbn="9780441013593">978-0-441-01359-3</span>';
    rememberDrawnIsbns(drawn);
    render(<IsbnText isbn="9780441013593" />);
    // Synchronously: what hydration renders must be what the visitor already sees.
    expect(screen.getByText('978-0-441-01359-3')).toBeInTheDocument();
  });

  it('hyphenates any other ISBN once isbn3 has loaded', async () => {
    render(<IsbnText isbn="9780441172719" />);
    expect(await screen.findByText('978-0-441-17271-9')).toBeInTheDocument();
  });
});
