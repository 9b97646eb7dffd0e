import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarcodeReader } from './barcode-reader';

afterEach(() => vi.unstubAllGlobals());

const stubCamera = (getUserMedia: () => Promise<MediaStream>) =>
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });

describe('BarcodeReader', () => {
  it('hands on a typed or scanner-typed ISBN (code and Enter) as 13 digits and clears the field', async () => {
    const onCode = vi.fn();
    render(<BarcodeReader onCode={onCode} />);
    const field = screen.getByLabelText(/^ISBN/);
    await userEvent.type(field, '0-441-17271-7{Enter}');
    expect(onCode).toHaveBeenCalledWith('9780441172719');
    expect(field).toHaveValue('');
  });

  it('refuses a wrong check digit under the field and hands on nothing', async () => {
    const onCode = vi.fn();
    render(<BarcodeReader onCode={onCode} />);
    await userEvent.type(screen.getByLabelText(/^ISBN/), '9780441172718{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent("'9780441172718' is not a valid ISBN");
    expect(screen.getByLabelText(/^ISBN/)).toHaveAttribute('aria-invalid', 'true');
    expect(onCode).not.toHaveBeenCalled();
  });

  it('says so when permission for the camera is refused, and the field still works', async () => {
    stubCamera(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const onCode = vi.fn();
    render(<BarcodeReader onCode={onCode} autoStart />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera permission was refused');
    expect(screen.getByRole('button', { name: 'Try the camera again' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText(/^ISBN/), '9780441172719{Enter}');
    expect(onCode).toHaveBeenCalledWith('9780441172719');
  });

  it('says so on a device without a camera', async () => {
    stubCamera(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')));
    render(<BarcodeReader onCode={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera was found on this device');
  });

  it('says so where the browser has no camera API at all (an http page)', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    render(<BarcodeReader onCode={vi.fn()} autoStart />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No camera was found');
  });
});
