import type { IsbnLookup as Found } from '@book-warehouse/types';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, stubFetch } from '../../../test/render-with-app';
import { AddBookForm } from './add-book-form';
import { IsbnLookup } from './isbn-lookup';

afterEach(() => {
  vi.unstubAllGlobals();
  toast.dismiss();
});

const FOUND: Found = {
  isbn: '9780201616224',
  bookName: 'The Pragmatic Programmer',
  subTitle: 'From Journeyman to Master',
  author: 'Andrew Hunt, David Thomas',
  publishar: 'Addison-Wesley Professional',
  photo: '/api/covers/64b000000000000000000001',
};

const error = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  json({ error: { code, message, fields } }, status);

describe('IsbnLookup', () => {
  it('asks the API for the typed ISBN, shows a spinner meanwhile, and hands over what it found', async () => {
    let answer!: (res: Response) => void;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onFound = vi.fn();
    renderWithApp(<IsbnLookup getIsbn={() => ' 978-0-201-61622-4 '} onFound={onFound} />);
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    const busy = await screen.findByRole('button', { name: 'Looking up…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/isbn/978-0-201-61622-4');
    answer(json(FOUND));
    expect(await screen.findByText(/^Found 'The Pragmatic Programmer'/)).toBeInTheDocument();
    expect(onFound).toHaveBeenCalledWith(FOUND);
    expect(screen.getByRole('button', { name: 'Look up' })).toBeEnabled();
  });

  it.each([
    [404, 'not_found', 'No book found for this ISBN: fill the fields in by hand'],
    [503, 'lookup_unavailable', 'The ISBN lookup is unavailable right now: fill the fields in by hand'],
    [502, 'lookup_failed', 'The ISBN lookup is unavailable right now: fill the fields in by hand'],
  ])('says so clearly on a %i', async (status, code, message) => {
    stubFetch(() => error(status, code, 'from the server'));
    const onFound = vi.fn();
    renderWithApp(<IsbnLookup getIsbn={() => '9780306406157'} onFound={onFound} />);
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onFound).not.toHaveBeenCalled();
  });

  it("names the ISBN's problem on a 400, and asks for an ISBN when none is typed", async () => {
    const fetchMock = stubFetch(() => error(400, 'validation_failed', 'Invalid path', { isbn: 'must be a valid ISBN-10 or ISBN-13' }));
    let typed = '';
    renderWithApp(<IsbnLookup getIsbn={() => typed} onFound={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(screen.getByRole('status')).toHaveTextContent('Type an ISBN first');
    expect(fetchMock).not.toHaveBeenCalled();
    typed = '123';
    await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
    expect(await screen.findByText('ISBN must be a valid ISBN-10 or ISBN-13')).toBeInTheDocument();
  });
});

describe('the add form with the lookup', () => {
  it('fills the title, subtitle, author, publisher and cover, and shows the cover', async () => {
    // The form shows the ISBN hyphenated once typed; the API takes either form.
    const fetchMock = stubFetch(() => json(FOUND));
    renderWithApp(<AddBookForm />);
    const form = screen.getByRole('form', { name: 'Add Books' });
    await userEvent.type(within(form).getByLabelText('ISBN'), '9780201616224');
    await userEvent.click(within(form).getByRole('button', { name: 'Look up' }));
    expect(await within(form).findByDisplayValue('The Pragmatic Programmer')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![0]).toMatch(/^\/api\/isbn\/978-?0-?201-?61622-?4$/);
    expect(within(form).getByLabelText('Subtitle')).toHaveValue('From Journeyman to Master');
    expect(within(form).getByLabelText('Author')).toHaveValue('Andrew Hunt, David Thomas');
    expect(within(form).getByLabelText('Publication')).toHaveValue('Addison-Wesley Professional');
    expect(within(form).getByLabelText('Photo URL')).toHaveValue(FOUND.photo);
    expect(within(form).getByRole('img', { name: 'Cover preview' })).toHaveAttribute('src', `${FOUND.photo}?size=card`);
    // What the service does not know stays for the clerk.
    expect(within(form).getByLabelText('Category')).toHaveValue('');
  });
});
