import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

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

  it('ties its error to the input', () => {
    render(<Field label="Author" error={{ type: 'required', message: 'Author is required' }} />);
    expect(screen.getByLabelText('Author')).toHaveAccessibleDescription('Author is required');
    expect(screen.getByLabelText('Author')).toHaveAttribute('aria-invalid', 'true');
  });
});
