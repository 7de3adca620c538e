import { useState } from 'react';
import { useStore } from '@khel/web-kit';
import { appUpdateStore, dismissUpdate } from '../lib/pwa/app-update';
import { Button } from './ui/button';
import { t } from '../lib/i18n/i18n';

/** "A new version is available" with Reload and Later (ADR 0024); the player decides when. */
export function UpdatePrompt() {
  const { waiting, apply } = useStore(appUpdateStore);
  const [applying, setApplying] = useState(false);
  if (!waiting || apply === null) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <p>{t('A new version is available.')}</p>
      <div className="row">
        <Button
          className="button--small"
          loading={applying}
          onClick={() => {
            setApplying(true);
            void apply();
          }}
        >
          {t('Reload')}
        </Button>
        <Button className="button--small" variant="secondary" onClick={dismissUpdate}>
          {t('Later')}
        </Button>
      </div>
    </div>
  );
}
