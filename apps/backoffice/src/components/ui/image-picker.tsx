import { useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT, checkImageFile } from '../../lib/image-file';

export interface ImagePickerProps {
  label: string;
  /** The image shown before anything is chosen (the current logo, say). */
  currentUrl?: string | undefined;
  /** A checked data URL, or null when the choice was cleared or refused. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  hint?: string;
  disabled?: boolean;
  previewClassName?: string;
}

/**
 * A file input with a preview. The file is checked here (type by content, 5 MB) so a wrong file is
 * refused before it travels; the server checks again.
 */
export function ImagePicker({
  label,
  currentUrl,
  value,
  onChange,
  hint = 'PNG, JPEG or WebP, at most 5 MB',
  disabled = false,
  previewClassName,
}: ImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const preview = value ?? (currentUrl === '' ? undefined : currentUrl);

  async function onFile(file: File | undefined) {
    setError(null);
    if (file === undefined) return;
    setChecking(true);
    try {
      const result = await checkImageFile(file);
      if (result.ok) {
        onChange(result.dataUrl);
      } else {
        setError(result.message);
        onChange(null);
        if (inputRef.current) inputRef.current.value = '';
      }
    } catch {
      setError('Could not read the file');
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className={`field image-picker${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="image-picker-row">
        <div className={`image-preview ${previewClassName ?? ''}`}>
          {preview === undefined ? (
            <span className="image-preview-empty">No image</span>
          ) : (
            <img src={preview} alt={`${label} preview`} />
          )}
        </div>
        <div className="image-picker-controls">
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={disabled || checking}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
          {error ? (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          ) : (
            <p className="field-hint" id={`${id}-hint`}>
              {hint}
            </p>
          )}
          {value !== null ? (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                onChange(null);
                if (inputRef.current) inputRef.current.value = '';
              }}
            >
              Discard the new image
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
