import { SelfServiceNote } from '../../../components/money/desk-parts';
import type { DeskViewerProps } from '../../../components/money/request-desk/request-desk-page';
import { Alert } from '../../../components/ui/alert';
import { BlobImage } from '../../../components/ui/blob-image';
import { Button } from '../../../components/ui/button';
import { CopyableValue } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDepositScreenshot } from '../api/get-deposit-screenshot';
import type { DeskDeposit } from '../api/get-deposits';

/** The full-size proof, with the decision at hand: the operator decides while looking at it. */
export function ScreenshotDialog({
  item: deposit,
  canApprove,
  canDecide,
  onClose,
  onApprove,
  onReject,
  describe,
}: DeskViewerProps<DeskDeposit> & { describe: (deposit: DeskDeposit) => string }) {
  const image = useDepositScreenshot(deposit.screenShotUrl);
  return (
    <Dialog
      open
      title={`Screenshot: ${describe(deposit)}`}
      onClose={onClose}
      footer={
        deposit.status === 'pending' && !canDecide ? (
          <SelfServiceNote />
        ) : deposit.status === 'pending' ? (
          <>
            <Button variant="danger" onClick={onReject}>
              Reject…
            </Button>
            <Button variant="primary" onClick={onApprove} disabled={!canApprove}>
              Approve…
            </Button>
          </>
        ) : undefined
      }
    >
      {deposit.screenShotUrl === null ? (
        deposit.screenShot === null ? null : (
          <img src={deposit.screenShot} alt="Payment screenshot (preview)" className="screenshot-full" />
        )
      ) : image.isPending ? (
        <LoadingBlock label="Loading the screenshot…" />
      ) : image.isError ? (
        <Alert>{errorMessage(image.error)}</Alert>
      ) : (
        <BlobImage blob={image.data} alt="Payment screenshot" className="screenshot-full" />
      )}
      {deposit.txnRef !== null && deposit.txnRef !== '' ? (
        <p>
          Reference id: <CopyableValue value={deposit.txnRef} label="reference id" />
        </p>
      ) : null}
    </Dialog>
  );
}
