import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookCover } from './book-cover';

describe('BookCover', () => {
  it('draws an uploaded cover from its card size, and any other photo as it is', () => {
    const { rerender } = render(<BookCover src="/api/covers/64b000000000000000000003" alt="Cover of Dune" />);
    expect(screen.getByRole('img', { name: 'Cover of Dune' })).toHaveAttribute('src', '/api/covers/64b000000000000000000003?size=card');
    rerender(<BookCover src="/covers/dune.svg" alt="Cover of Dune" />);
    expect(screen.getByRole('img', { name: 'Cover of Dune' })).toHaveAttribute('src', '/covers/dune.svg');
  });
});
