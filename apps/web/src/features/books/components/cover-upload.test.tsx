import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { renderWithApp } from '../../../test/render-with-app';
import { uploadCover } from '../api/upload-cover';
import { CoverUpload } from './cover-upload';

vi.mock('../api/upload-cover', () => ({ uploadCover: vi.fn() }));
const upload = vi.mocked(uploadCover);

afterEach(() => upload.mockReset());

/** The component as the form holds it: the photo field's value, set by the upload. */
function Harness({ initial }: { initial?: string }) {
  const [photo, setPhoto] = useState(initial);
  return (
    <>
      <CoverUpload photo={photo} onUploaded={setPhoto} />
      <output aria-label="photo field">{photo}</output>
    </>
  );
}

const png = (size = 64) => new File([new Uint8Array(size)], 'cover.png', { type: 'image/png' });

describe('CoverUpload', () => {
  it('offers choosing a photo and taking one with the camera, images only', () => {
    renderWithApp(<Harness />);
    const choose = screen.getByLabelText('Choose a photo');
    const take = screen.getByLabelText('Take a photo');
    for (const input of [choose, take]) {
      expect(input).toHaveAttribute('type', 'file');
      expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    }
    expect(take).toHaveAttribute('capture', 'environment');
    expect(choose).not.toHaveAttribute('capture');
  });

  it('uploads the file with a progress bar, then sets the photo field and shows the card preview', async () => {
    let progress!: (fraction: number) => void;
    let done!: (stored: { photo: string }) => void;
    upload.mockImplementation((_file, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => (done = resolve));
    });
    renderWithApp(<Harness />);
    const file = png();
    await userEvent.upload(screen.getByLabelText('Choose a photo'), file);
    expect(upload).toHaveBeenCalledWith(file, expect.any(Function));
    const bar = screen.getByRole('progressbar', { name: 'Uploading the cover' });
    act(() => progress(0.5));
    expect(bar).toHaveAttribute('value', '0.5');
    done({ photo: '/api/covers/64b000000000000000000002' });
    expect(await screen.findByRole('img', { name: 'Cover preview' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('photo field')).toHaveTextContent('/api/covers/64b000000000000000000002');
    expect(screen.getByRole('img', { name: 'Cover preview' })).toHaveAttribute('src', '/api/covers/64b000000000000000000002?size=card');
  });

  it("shows the server's refusal and keeps the photo field", async () => {
    upload.mockRejectedValue(
      new ApiError(415, 'unsupported_media_type', 'The file is not a JPEG, PNG or WebP image (told by its content)'),
    );
    renderWithApp(<Harness initial="/covers/dune.svg" />);
    await userEvent.upload(screen.getByLabelText('Choose a photo'), png());
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a JPEG, PNG or WebP image');
    expect(screen.getByLabelText('photo field')).toHaveTextContent('/covers/dune.svg');
  });

  it('refuses a file over 5 MB before sending it', async () => {
    renderWithApp(<Harness />);
    await userEvent.upload(screen.getByLabelText('Take a photo'), png(5 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('larger than 5 MB');
    expect(upload).not.toHaveBeenCalled();
  });

  it('never previews a photo on another host', () => {
    renderWithApp(<Harness initial="https://example.com/cover.jpg" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
