import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailText } from './email-text';

describe('EmailText', () => {
  it('may wrap only before the @ and the dots, never inside a word', () => {
    const { container } = render(<EmailText email="erin.staff@example.com" />);
    expect(screen.getByText(/erin/).textContent).toBe('erin.staff@example.com');
    const span = container.querySelector('span')!;
    expect(span.innerHTML).toBe('erin<wbr>.staff<wbr>@example<wbr>.com');
    expect(span).toHaveClass('break-words');
  });
});
