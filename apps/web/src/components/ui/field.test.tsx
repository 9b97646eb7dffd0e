import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, RequiredLegend, TextAreaField } from './field';

describe('Field', () => {
  it('opens a numeric keyboard for whole numbers and a decimal one for prices', () => {
    render(
      <>
        <Field label="Stock quantity" type="number" step="1" />
        <Field label="Price" type="number" step="0.01" />
        <Field label="Photo URL" inputMode="url" />
      </>,
    );
    expect(screen.getByLabelText('Stock quantity')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Price')).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText('Photo URL')).toHaveAttribute('inputmode', 'url');
  });

  it('marks a required field with a * beside its label, and tells screen readers through the control', () => {
    render(
      <>
        <RequiredLegend />
        <Field label="Subtitle" required />
        <TextAreaField label="Description" required />
        <Field label="ISBN" />
      </>,
    );
    expect(screen.getByText(/^Required fields are marked/)).toHaveTextContent('Required fields are marked *');
    for (const name of ['Subtitle', 'Description']) {
      // The label's words alone name the field; the mark is for the eye.
      expect(screen.getByRole('textbox', { name })).toHaveAttribute('aria-required', 'true');
      expect(screen.getByText(name).parentElement).toHaveTextContent(`${name}*`);
    }
    expect(screen.getByRole('textbox', { name: 'ISBN' })).not.toHaveAttribute('aria-required');
    expect(screen.getByText('ISBN').parentElement).toHaveTextContent(/^ISBN$/);
  });

  it('ties its error to the input', () => {
    render(<Field label="Author" error={{ type: 'required', message: 'Author is required' }} />);
    expect(screen.getByLabelText('Author')).toHaveAccessibleDescription('Author is required');
    expect(screen.getByLabelText('Author')).toHaveAttribute('aria-invalid', 'true');
  });
});
