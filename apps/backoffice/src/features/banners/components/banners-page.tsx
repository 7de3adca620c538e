import { useState } from 'react';
import type { FormEvent } from 'react';
import type { Banner } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ImagePicker } from '../../../components/ui/image-picker';
import { LoadingBlock } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { isDirector, useProfile } from '../../../lib/auth/get-user-data';
import { useCreateBanner } from '../api/create-banner';
import { useDeleteBanner } from '../api/delete-banner';
import { useBanners } from '../api/get-banners';
import { moveBanner, useReorderBanners } from '../api/update-banner';

export function BannersPage() {
  const profile = useProfile();
  const canEdit = isDirector(profile.data);
  const banners = useBanners();

  return (
    <section className="page" aria-labelledby="banners-title">
      <header className="page-header">
        <h1 id="banners-title">Banners</h1>
      </header>
      <p className="muted">The slides of the player home page, shown in this order.</p>
      {!canEdit && profile.data !== undefined ? (
        <Alert kind="info">Only a director can add, reorder or remove banners.</Alert>
      ) : null}
      {canEdit ? (
        <AddBannerForm nextOrder={(banners.data ?? []).reduce((max, banner) => Math.max(max, banner.order + 1), 0)} />
      ) : null}
      {banners.isPending ? (
        <LoadingBlock label="Loading banners…" />
      ) : banners.isError ? (
        <Alert>{errorMessage(banners.error)}</Alert>
      ) : banners.data.length === 0 ? (
        <EmptyState title="No banners yet">{canEdit ? 'Add the first one above.' : null}</EmptyState>
      ) : (
        <BannerList banners={banners.data} canEdit={canEdit} />
      )}
    </section>
  );
}

function AddBannerForm({ nextOrder }: { nextOrder: number }) {
  const create = useCreateBanner();
  const [image, setImage] = useState<string | null>(null);
  // Bumped after each upload so the picker remounts empty.
  const [formKey, setFormKey] = useState(0);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (image === null) return;
    create.mutate(
      { baseImage: image, order: Math.min(nextOrder, 1000) },
      {
        onSuccess: () => {
          setImage(null);
          setFormKey((key) => key + 1);
        },
      },
    );
  }

  return (
    <form className="card add-banner" onSubmit={onSubmit} aria-labelledby="add-banner-title" key={formKey}>
      <h2 id="add-banner-title">Add a banner</h2>
      <ImagePicker
        label="Banner image"
        value={image}
        onChange={setImage}
        previewClassName="image-preview-banner"
        hint="PNG, JPEG or WebP, at most 5 MB; wide images (about 3:1) look best"
      />
      <div className="button-row">
        <Button type="submit" variant="primary" busy={create.isPending} disabled={image === null}>
          Add banner
        </Button>
      </div>
    </form>
  );
}

function BannerList({ banners, canEdit }: { banners: Banner[]; canEdit: boolean }) {
  const reorder = useReorderBanners();
  const remove = useDeleteBanner();
  const [toDelete, setToDelete] = useState<Banner | null>(null);
  const busy = reorder.isPending || remove.isPending;

  function move(id: string, direction: -1 | 1) {
    const ids = moveBanner(banners, id, direction);
    if (ids !== null) reorder.mutate(ids);
  }

  return (
    <>
      <ol className="banner-list" aria-label="Banners in display order">
        {banners.map((banner, index) => (
          <li key={banner._id} className="banner-item card">
            <img src={banner.baseImage} alt={`Banner ${index + 1}`} className="banner-image" loading="lazy" />
            <div className="banner-meta">
              <span className="banner-position">
                {index + 1} of {banners.length}
              </span>
              {canEdit ? (
                <div className="button-row">
                  <Button
                    size="small"
                    onClick={() => move(banner._id, -1)}
                    disabled={busy || index === 0}
                    aria-label={`Move banner ${index + 1} up`}
                  >
                    ↑ Up
                  </Button>
                  <Button
                    size="small"
                    onClick={() => move(banner._id, 1)}
                    disabled={busy || index === banners.length - 1}
                    aria-label={`Move banner ${index + 1} down`}
                  >
                    ↓ Down
                  </Button>
                  <Button
                    size="small"
                    variant="danger"
                    onClick={() => setToDelete(banner)}
                    disabled={busy}
                    aria-label={`Delete banner ${index + 1}`}
                  >
                    Delete
                  </Button>
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this banner?"
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete !== null) remove.mutate(toDelete._id, { onSuccess: () => setToDelete(null) });
        }}
      >
        {toDelete !== null ? (
          <img src={toDelete.baseImage} alt="The banner to delete" className="banner-image" />
        ) : null}
        <p>Players stop seeing it at once. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
