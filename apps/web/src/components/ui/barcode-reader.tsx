import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { CodeDetector } from '../../lib/barcode/detector';
import { normaliseIsbn } from '../../lib/isbn';
import { Button } from './button';

/**
 * How often the camera's picture is searched for a barcode, and how long a code must have been out of sight
 * before it counts again: a book held in front of the camera counts once (a batch would count it every frame).
 */
const FRAME_INTERVAL_MS = 150;
const SAME_CODE_PAUSE_MS = 1500;

type CameraState = 'off' | 'starting' | 'on' | 'error';

/** What the clerk reads when the camera cannot be used: the typed field still works in every case. */
function cameraErrorMessage(error: unknown): string {
  // getUserMedia rejects with a DOMException, which is not an Error everywhere (jsdom, older browsers).
  const detail = error as { name?: unknown; message?: unknown } | null | undefined;
  const name = typeof detail?.name === 'string' ? detail.name : '';
  const message = typeof detail?.message === 'string' ? detail.message : String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return "Camera permission was refused. Allow the camera in the browser's site settings, or type or scan the ISBN into the field below.";
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NoCamera') {
    return 'No camera was found on this device. Type the ISBN, or use a USB or Bluetooth scanner, in the field below.';
  }
  if (name === 'NotReadableError') return 'The camera is in use by another application. Close it and try again, or type the ISBN below.';
  return `The camera could not start (${message}). Type the ISBN in the field below.`;
}

async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no camera API'), { name: 'NoCamera' });
  // The back camera of a phone or tablet; any camera elsewhere.
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}

export interface BarcodeReaderProps {
  /** Called with the 13 digits of each valid ISBN read by the camera or entered in the field. */
  onCode: (isbn: string) => void;
  /** The field's label. */
  label?: string;
  /** Opens the camera at once (the Scan page); otherwise the clerk presses 'Start camera'. */
  autoStart?: boolean;
  disabled?: boolean;
  /**
   * Puts the focus in the ISBN field on arrival: a USB scanner types into whatever has the focus, so its first
   * code would otherwise go nowhere.
   */
  focusOnArrival?: boolean;
  /** The ISBN field, for a page that puts the focus back there after an action (a commit, a receipt). */
  fieldRef?: RefObject<HTMLInputElement | null>;
  /**
   * Called with any other code, read from a Code 128 label or typed (trimmed): a location's code. Without it the
   * camera reads EAN-13 only and the field takes ISBNs only.
   */
  onOtherCode?: (code: string) => void;
}

/**
 * Reads ISBN barcodes (EAN-13) from the camera, and from a field where a USB or Bluetooth scanner types the
 * code and Enter (a person may type it too). Every code is checked (isbn3: check digit and ranges) and handed
 * on as 13 digits. The detector (the browser's BarcodeDetector or the zxing-wasm polyfill the app serves) is
 * loaded only when the camera starts. Without a camera, or when permission is refused, a message says so and
 * the field keeps working.
 */
export function BarcodeReader({
  onCode,
  label = 'ISBN (type it, or use a barcode scanner)',
  autoStart = false,
  disabled = false,
  focusOnArrival = false,
  fieldRef,
  onOtherCode,
}: BarcodeReaderProps) {
  const id = useId();
  const ownFieldRef = useRef<HTMLInputElement>(null);
  const field = fieldRef ?? ownFieldRef;
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const lastRead = useRef<{ code: string; at: number }>({ code: '', at: 0 });
  const onCodeRef = useRef(onCode);
  const onOtherRef = useRef(onOtherCode);
  useEffect(() => {
    onCodeRef.current = onCode;
    onOtherRef.current = onOtherCode;
  });
  const readsOthers = onOtherCode !== undefined;
  const [camera, setCamera] = useState<CameraState>(autoStart ? 'starting' : 'off');
  const [cameraError, setCameraError] = useState('');
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [status, setStatus] = useState('');

  const releaseCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  const fail = useCallback(
    (message: string) => {
      releaseCamera();
      setCameraError(message);
      setCamera('error');
    },
    [releaseCamera],
  );

  const start = () => {
    setCameraError('');
    setCamera('starting');
  };

  const stop = () => {
    releaseCamera();
    setCamera('off');
  };

  // 'starting' asks the browser for the camera (at once on a page that asks for autoStart).
  useEffect(() => {
    if (camera !== 'starting') return;
    let cancelled = false;
    openCamera().then(
      (stream) => {
        // The reader may have been stopped or left while the browser asked for permission.
        if (cancelled) return stream.getTracks().forEach((track) => track.stop());
        streamRef.current = stream;
        setCamera('on');
      },
      (error: unknown) => {
        if (!cancelled) fail(cameraErrorMessage(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [camera, fail]);

  // The loop runs while the camera is on: one frame at a time, never two detections at once.
  useEffect(() => {
    const video = videoRef.current;
    const stream = streamRef.current;
    if (camera !== 'on' || !video || !stream) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let detector: CodeDetector | undefined;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    setStatus('Point the camera at the barcode on the back of the book');
    const tick = async () => {
      if (stopped) return;
      try {
        detector ??= await (await import('../../lib/barcode/detector')).createIsbnDetector(readsOthers);
        if (video.readyState >= video.HAVE_CURRENT_DATA) {
          for (const raw of await detector.detect(video)) {
            const isbn = normaliseIsbn(raw);
            const other = isbn ? undefined : raw.trim();
            const code = isbn ?? other;
            const now = Date.now();
            if (!code || (other && !onOtherRef.current)) continue;
            const seenJustNow = code === lastRead.current.code && now - lastRead.current.at < SAME_CODE_PAUSE_MS;
            lastRead.current = { code, at: now };
            if (seenJustNow) continue;
            setStatus(isbn ? `Read ISBN ${isbn}` : `Read code ${code}`);
            if (stopped) continue;
            if (isbn) onCodeRef.current(isbn);
            else onOtherRef.current?.(code);
          }
        }
      } catch (error) {
        if (!stopped)
          fail(`The barcode reader could not start (${error instanceof Error ? error.message : String(error)}). Type the ISBN below.`);
        return;
      }
      if (!stopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
      video.srcObject = null;
    };
  }, [camera, fail, readsOthers]);

  // The camera goes off when the reader leaves the page.
  useEffect(() => releaseCamera, [releaseCamera]);

  useEffect(() => {
    if (focusOnArrival) field.current?.focus();
  }, [focusOnArrival, field]);

  const enter = () => {
    const isbn = normaliseIsbn(text);
    if (!isbn && onOtherCode && text.trim()) {
      setFieldError('');
      setText('');
      field.current?.focus();
      onOtherCode(text.trim());
      return;
    }
    if (!isbn) {
      setFieldError(text.trim() ? `'${text.trim()}' is not a valid ISBN: check the digits (ISBN-10 or ISBN-13)` : 'Type or scan an ISBN');
      return;
    }
    setFieldError('');
    setText('');
    // After the Enter button too, the next code goes into the field.
    field.current?.focus();
    onCode(isbn);
  };

  const fieldId = `${id}-isbn`;
  const on = camera === 'on' || camera === 'starting';
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {on ? (
          <Button variant="secondary" onClick={stop}>
            Stop camera
          </Button>
        ) : (
          <Button variant="secondary" onClick={start} disabled={disabled}>
            {camera === 'error' ? 'Try the camera again' : 'Start camera'}
          </Button>
        )}
        <p role="status" className="text-sm text-slate-600">
          {camera === 'starting' ? 'Starting the camera…' : camera === 'on' ? status : ''}
        </p>
      </div>
      {cameraError && (
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {cameraError}
        </p>
      )}
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera picture"
        className={`${camera === 'on' ? 'block' : 'hidden'} aspect-video w-full max-w-md rounded-lg bg-slate-900 object-cover`}
      />
      {/* Not a form of its own: the reader may sit inside one (the add form), and forms do not nest. */}
      <div role="group" aria-label="Enter an ISBN" className="flex max-w-md flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="flex gap-2">
          <input
            ref={field}
            id={fieldId}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setFieldError('');
            }}
            onKeyDown={(event) => {
              // A scanner 'types' the digits and Enter.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              enter();
            }}
            autoComplete="off"
            enterKeyHint="go"
            placeholder="978-0-441-17271-9"
            disabled={disabled}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fieldId}-error` : undefined}
            className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-amber-500 focus:ring-2 focus:ring-amber-200 focus:outline-none aria-invalid:border-red-500"
          />
          <Button onClick={enter} disabled={disabled}>
            Enter
          </Button>
        </div>
        {fieldError && (
          <p id={`${fieldId}-error`} role="alert" className="text-sm text-red-600">
            {fieldError}
          </p>
        )}
      </div>
    </div>
  );
}
