import { useEffect, useRef } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useDepositScreenshot } from '../api/get-deposit-screenshot';
import { t } from '../../../lib/i18n/i18n';

export interface ScreenshotTarget {
  /** The small preview the history already holds (shown until the full image arrives). */
  preview: string | null;
  /** /api/v1/deposit-screenshot/<id> */
  url: string | null;
}

/** Shows a fetched image through an object URL, freed when the image changes or the viewer closes. */
function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (ref.current) ref.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={ref} alt={alt} data-testid="screenshot-full" data-loaded="full" />;
}

function ScreenshotBody({ target }: { target: ScreenshotTarget }) {
  const full = useDepositScreenshot(target.url);
  return (
    <div className="screenshot-viewer">
      {full.data ? (
        <BlobImage blob={full.data} alt={t('Uploaded payment screenshot')} />
      ) : target.preview ? (
        <img
          src={target.preview}
          alt={t('Uploaded payment screenshot (preview)')}
          data-testid="screenshot-full"
          data-loaded="preview"
        />
      ) : null}
      {full.isFetching ? (
        <p className="muted screenshot-viewer__status">
          <Spinner size="small" /> {t('Loading the full image…')}
        </p>
      ) : full.isError ? (
        <p className="muted screenshot-viewer__status">{t('The full image could not be loaded.')}</p>
      ) : null}
    </div>
  );
}

/** The Uploaded Screenshot viewer (spec §2): the full image of a deposit's screenshot. */
export function ScreenshotViewer({ target, onClose }: { target: ScreenshotTarget | null; onClose: () => void }) {
  return (
    <Modal
      open={target !== null}
      title={t('Uploaded Screenshot')}
      onClose={onClose}
      className="modal--wide"
      testId="screenshot-viewer"
    >
      {target ? <ScreenshotBody target={target} /> : null}
    </Modal>
  );
}
