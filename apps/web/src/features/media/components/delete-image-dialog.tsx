import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { MediaAsset } from '@postlark/shared/media';
import { campaignPath, flowPath } from '@postlark/shared/routes';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { showToast } from '../../../components/ui/toasts';
import { payloadMessage } from '../../../lib/api-client';
import { deleteMediaAsset, getMediaUsage, type MediaUsage } from '../media-api';
import { MEDIA_TEXTS } from '../media-content';

interface DeleteImageDialogProps {
  asset: MediaAsset | null;
  onClose(): void;
  onDeleted(): void;
}

/** Before a delete: where the image is used (campaigns and flows), then the delete itself. */
export function DeleteImageDialog({ asset, onClose, onDeleted }: DeleteImageDialogProps) {
  const [usage, setUsage] = useState<{ id: string; usage: MediaUsage | null } | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (!asset) return;
    let live = true;
    getMediaUsage(asset.id).then(
      (answer) => live && setUsage({ id: asset.id, usage: answer.ok && answer.body ? answer.body.payload : null }),
      () => live && setUsage({ id: asset.id, usage: null }),
    );
    return () => {
      live = false;
    };
  }, [asset]);

  async function confirm() {
    if (!asset) return;
    setDeleting(true);
    const answer = await deleteMediaAsset(asset.id).catch(() => null);
    setDeleting(false);
    if (answer?.ok) {
      void showToast('success', payloadMessage(answer.body) ?? MEDIA_TEXTS.remove);
      onDeleted();
    } else {
      void showToast('error', payloadMessage(answer?.body) ?? MEDIA_TEXTS.uploadFailed);
    }
  }

  const known = asset && usage?.id === asset.id ? usage.usage : null;
  const uses = known ? known.campaigns.length + known.flows.length : 0;
  return (
    <Modal open={asset !== null} title={MEDIA_TEXTS.removeTitle} description={asset?.name} onClose={onClose}>
      {known && uses > 0 && (
        <div className="media-delete__usage" role="alert">
          <p>{MEDIA_TEXTS.removeUsed(uses)}</p>
          <ul>
            {known.campaigns.map((campaign) => (
              <li key={campaign.id}>
                <Link to={campaignPath(campaign.id)}>{campaign.name}</Link> ({campaign.status})
              </li>
            ))}
            {known.flows.map((flow) => (
              <li key={flow.id}>
                <Link to={flowPath(flow.id)}>{flow.name}</Link> (automation)
              </li>
            ))}
          </ul>
        </div>
      )}
      {known && uses === 0 && <p>{MEDIA_TEXTS.removeUnused}</p>}
      <div className="media-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          {MEDIA_TEXTS.cancel}
        </Button>
        <Button variant="danger" disabled={deleting} onClick={() => void confirm()}>
          {MEDIA_TEXTS.removeConfirm}
        </Button>
      </div>
    </Modal>
  );
}
