import { COVER_MAX_BYTES } from '@book-warehouse/types';
import { useId, useState, type ChangeEvent } from 'react';
import { messages } from '../../../config/messages';
import { uploadCover } from '../api/upload-cover';

const text = messages.coverUpload;
const ACCEPT = 'image/jpeg,image/png,image/webp';

interface CoverUploadProps {
  /** The form's photo field: its preview shows when it is one of the app's own paths (an uploaded cover). */
  photo?: string;
  /** Called with the stored cover's path; the form sets its photo field. */
  onUploaded: (photo: string) => void;
}

/** The card-sized version of an uploaded cover; another app path as it is. Other hosts are never loaded. */
const previewOf = (photo: string | undefined) =>
  photo?.startsWith('/api/covers/') ? `${photo}?size=card` : photo?.startsWith('/') && !photo.startsWith('//') ? photo : undefined;

/**
 * Choose a cover photo, or take one with the camera (`capture`), and upload it (POST /api/covers) with a
 * progress bar; the form's photo field then holds the stored cover's path, and its preview shows.
 */
export function CoverUpload({ photo, onUploaded }: CoverUploadProps) {
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const id = useId();
  const preview = previewOf(photo);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    if (file.size > COVER_MAX_BYTES) return setError(text.tooLarge);
    setProgress(0);
    try {
      const stored = await uploadCover(file, setProgress);
      onUploaded(stored.photo);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(undefined);
    }
  };

  const picker = (suffix: string, label: string, capture?: 'environment') => (
    <label
      htmlFor={`${id}-${suffix}`}
      className="inline-flex cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 focus-within:ring-2 focus-within:ring-amber-300"
    >
      {label}
      <input
        id={`${id}-${suffix}`}
        type="file"
        accept={ACCEPT}
        capture={capture}
        className="sr-only"
        disabled={progress !== undefined}
        onChange={(event) => void upload(event)}
      />
    </label>
  );

  return (
    <div className="mt-2 flex flex-wrap items-start gap-3">
      {picker('choose', text.choose)}
      {picker('take', text.take, 'environment')}
      {progress !== undefined && <progress className="h-2 w-32 self-center" max={1} value={progress} aria-label={text.uploading} />}
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
      {preview && <img src={preview} alt={text.preview} className="h-32 w-auto rounded-md object-cover ring-1 ring-slate-200" />}
    </div>
  );
}
