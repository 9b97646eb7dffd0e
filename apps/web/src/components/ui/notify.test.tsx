import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify, Notifications } from './notify';

afterEach(() => {
  toast.dismiss();
});

describe('notify', () => {
  it('replaces an older message of the same action, whichever its tone', async () => {
    render(<Notifications />);
    act(() => notify.success('Saved', { id: 'save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    act(() => notify.error('Saving failed', { id: 'save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Saving failed');
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull());
  });

  it('puts errors in their own toaster, above the status messages', async () => {
    render(<Notifications />);
    act(() => {
      notify.error('It broke');
      notify.success('Other thing done');
    });
    const alert = await screen.findByRole('alert');
    const errors = screen.getByRole('region', { name: /Errors/ });
    expect(errors).toContainElement(alert);
    expect(screen.getByRole('region', { name: /Messages/ })).toContainElement(await screen.findByRole('status'));
  });

  it('runs the action of a toast, and lets it be dismissed', async () => {
    render(<Notifications />);
    const undo = vi.fn();
    act(() => notify.success('Delivered 1', { action: { label: 'Undo', onClick: undo } }));
    // A click without pointer events: sonner's swipe handling asks for pointer capture, which jsdom lacks.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(undo).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText('Delivered 1')).toBeNull());
  });
});
