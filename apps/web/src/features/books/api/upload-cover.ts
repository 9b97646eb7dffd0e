import { ApiErrorSchema, StoredCoverSchema, type StoredCover } from '@book-warehouse/types';
import { ApiError } from '../../../lib/api-client';
import { currentIdToken } from '../../../lib/lazy-auth';

/**
 * Uploads a cover photo as the raw body of POST /api/covers (the API tells the type by the content). Through
 * XMLHttpRequest rather than fetch, whose uploads report no progress: `onProgress` gets 0..1 as it is sent.
 */
export async function uploadCover(file: Blob, onProgress: (fraction: number) => void): Promise<StoredCover> {
  const token = await currentIdToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/covers');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Cannot reach the server; check your connection and try again'));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status === 201) {
        const stored = StoredCoverSchema.safeParse(payload);
        if (stored.success) return resolve(stored.data);
      }
      const error = ApiErrorSchema.safeParse(payload);
      reject(
        error.success
          ? new ApiError(xhr.status, error.data.error.code, error.data.error.message, error.data.error.fields)
          : new ApiError(xhr.status, 'http_error', `The server answered ${xhr.status}`),
      );
    };
    xhr.send(file);
  });
}
