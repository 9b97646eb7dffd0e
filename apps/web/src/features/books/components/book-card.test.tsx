import type { Book } from '@book-warehouse/types';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { renderWithApp } from '../../../test/render-with-app';
import { BookCard } from './book-card';

const book = (overrides: Partial<Book> = {}): Book => ({
  _id: '64b000000000000000000001',
  bookName: 'Dune',
  author: 'Frank Herbert',
  publishar: 'Chilton Books',
  subTitle: 'A novel',
  description: 'A short one.',
  catagory: 'Fiction',
  stockQuantity: 5,
  photo: '/covers/dune.svg',
  price: 9.99,
  email: 'owner@example.com',
  ...overrides,
});

describe('BookCard description', () => {
  it('shows a description under 50 characters whole', () => {
    const text = 'x'.repeat(49);
    renderWithApp(<BookCard book={book({ description: text })} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('cuts a description of exactly 50 characters to 50 plus " ..."', () => {
    const text = 'y'.repeat(50);
    renderWithApp(<BookCard book={book({ description: text })} />);
    expect(screen.getByText(`${text} ...`)).toBeInTheDocument();
  });

  it('cuts a longer description at 50 characters and keeps the full text as a tooltip', () => {
    const text = 'The spice must flow across the desert planet Arrakis, and the worms guard it.';
    renderWithApp(<BookCard book={book({ description: text })} />);
    const shown = screen.getByText(`${text.slice(0, 50)} ...`);
    expect(shown).toHaveAttribute('title', text);
  });
});

describe('BookCard stock', () => {
  it('reads a red "Out of Stock" when stock is 0', () => {
    renderWithApp(<BookCard book={book({ stockQuantity: 0 })} />);
    expect(screen.getByText('Out of Stock')).toHaveClass('text-red-600');
    expect(screen.queryByText(/^Stock:/)).not.toBeInTheDocument();
  });

  it('shows the stock count from 1 upwards', () => {
    renderWithApp(<BookCard book={book({ stockQuantity: 1 })} />);
    expect(screen.getByText('Stock: 1')).toBeInTheDocument();
    expect(screen.queryByText('Out of Stock')).not.toBeInTheDocument();
  });

  it('links the author to the about page', () => {
    renderWithApp(<BookCard book={book()} />);
    expect(screen.getByRole('link', { name: 'Frank Herbert' })).toHaveAttribute('href', paths.about);
  });
});

describe('BookCard ISBN', () => {
  it('shows the ISBN hyphenated', async () => {
    renderWithApp(<BookCard book={book({ isbn: '9780441013593' })} />);
    expect(await screen.findByText('978-0-441-01359-3')).toBeInTheDocument();
  });

  it('shows no ISBN line for a book without one', () => {
    renderWithApp(<BookCard book={book()} />);
    expect(screen.queryByText(/ISBN/)).not.toBeInTheDocument();
  });
});

describe('BookCard stock', () => {
  it('says the stock is hidden while a blind count counts the book, not that it is out of stock', () => {
    renderWithApp(<BookCard book={book({ stockQuantity: 0, stockHidden: true })} />);
    expect(screen.getByText('Stock hidden during a blind count')).toBeInTheDocument();
    expect(screen.queryByText(/out of stock/i)).toBeNull();
  });

  it('shows the copies otherwise', () => {
    renderWithApp(<BookCard book={book({ stockQuantity: 3 })} />);
    expect(screen.getByText('Stock: 3')).toBeInTheDocument();
  });
});
