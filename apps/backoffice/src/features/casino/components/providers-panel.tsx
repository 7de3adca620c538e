import { useState } from 'react';
import type { FormEvent } from 'react';
import { casinoProviderCreateSchema, casinoProviderUpdateSchema } from '@khel/contract';
import { formatRupees } from '@khel/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyableValue } from '../../../components/ui/copy-button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextField } from '../../../components/ui/field';
import { LoadingBlock } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import type { DeskProvider } from '../api/keys';
import { useCasinoProviders, useCreateProvider, useUpdateProvider } from '../api/providers';
import type { ProviderUpdate } from '../api/providers';
import { focusFirstInvalid, serverFieldErrors, withEmptyMessages, zodFieldErrors } from './form-errors';
import type { FieldErrors } from './form-errors';
import { SecretRevealDialog } from './secret-reveal-dialog';
import type { RevealedSecret } from './secret-reveal-dialog';

const LIMIT_HINT =
  'How much more this provider may pay out than it takes in stakes, in total. The ledger refuses any payout beyond it; the provider retries once you raise it.';

/** The limit field's text as the number the contract checks (empty is not a number, so it is asked for). */
function limitValue(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.replace(/,/g, ''));
}

const URL_HINT =
  'Must contain {token}; {game}, {lang} and {currency} are filled in too. Example: https://games.example.com/launch?token={token}&game={game}';

export function ProvidersPanel() {
  const providers = useCasinoProviders();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DeskProvider | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);

  return (
    <div className="casino-panel">
      <div className="casino-toolbar casino-toolbar-end">
        <Button variant="primary" onClick={() => setAdding(true)}>
          Add a provider
        </Button>
      </div>
      <p className="muted small">
        Providers call our seamless wallet (authenticate, balance, debit, credit, rollback) signed with their secret. An
        inactive provider&apos;s games leave the lobby and its wallet calls are refused.
      </p>
      {providers.isPending ? (
        <LoadingBlock label="Loading providers…" />
      ) : providers.isError ? (
        <Alert
          action={
            <Button size="small" onClick={() => void providers.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(providers.error)}
        </Alert>
      ) : providers.data.length === 0 ? (
        <EmptyState title="No providers yet">Add an external provider with its launch URL.</EmptyState>
      ) : (
        <ProviderList providers={providers.data} onEdit={setEditing} onRevealed={setRevealed} />
      )}
      {adding ? (
        <ProviderCreateDialog
          onClose={() => setAdding(false)}
          onCreated={(next) => {
            setAdding(false);
            setRevealed(next);
          }}
        />
      ) : null}
      {editing === null ? null : (
        <ProviderEditDialog key={editing.code} provider={editing} onClose={() => setEditing(null)} />
      )}
      {revealed === null ? null : <SecretRevealDialog revealed={revealed} onClose={() => setRevealed(null)} />}
    </div>
  );
}

function ProviderList({
  providers,
  onEdit,
  onRevealed,
}: {
  providers: DeskProvider[];
  onEdit: (provider: DeskProvider) => void;
  onRevealed: (revealed: RevealedSecret) => void;
}) {
  const setActive = useUpdateProvider();
  const rotate = useUpdateProvider();
  const [toDeactivate, setToDeactivate] = useState<DeskProvider | null>(null);
  const [toRotate, setToRotate] = useState<DeskProvider | null>(null);

  function changeActive(provider: DeskProvider, active: boolean) {
    setActive.mutate(
      { code: provider.code, body: { active } },
      {
        onSuccess: ({ provider: saved }) =>
          toast.success(saved.active ? `${saved.name} is active again` : `${saved.name} is switched off`),
        onSettled: () => setToDeactivate(null),
      },
    );
  }

  function rotateSecret(provider: DeskProvider) {
    rotate.mutate(
      { code: provider.code, body: { rotateSecret: true } },
      {
        onSuccess: ({ provider: saved, secret }) => {
          setToRotate(null);
          // The secret goes to the reveal dialog's state only; the mutation forgets it at once.
          rotate.reset();
          if (secret === null) toast.error('The server did not answer a new secret; rotate again');
          else onRevealed({ providerName: saved.name, providerCode: saved.code, secret, reason: 'rotated' });
        },
        onError: () => setToRotate(null),
      },
    );
  }

  return (
    <>
      <ul className="casino-provider-list" aria-label="Casino providers">
        {providers.map((provider) => (
          <li
            key={provider.code}
            className={`card casino-provider${provider.active ? '' : ' casino-provider-off'}`}
            aria-label={provider.name}
          >
            <div className="card-header">
              <h3 className="casino-provider-name">
                {provider.name} <span className="muted small">{provider.code}</span>
              </h3>
              <span className="casino-badges">
                <span className="badge badge-muted">{provider.kind === 'house' ? 'House' : 'External'}</span>
                {provider.active ? (
                  <span className="badge badge-ok">Active</span>
                ) : (
                  <span className="badge badge-danger">Inactive</span>
                )}
              </span>
            </div>
            <dl className="facts">
              <dt>Launch URL</dt>
              <dd>
                <CopyableValue value={provider.launchUrlTemplate} label="launch URL" />
              </dd>
              <dt>Secret</dt>
              <dd>
                ends in <code>{provider.secretHint.replace(/^…/, '')}</code>
              </dd>
              <dt>Net payout limit</dt>
              <dd>
                {formatRupees(provider.netPayoutLimit)}{' '}
                <span className="muted small">(paid out net: {formatRupees(Math.max(0, provider.netPaidOut))})</span>
              </dd>
              <dt>Added</dt>
              <dd>{formatDateTime(provider.createdAt)}</dd>
            </dl>
            <Switch
              label={
                <>
                  <span aria-hidden="true">Active</span>
                  <span className="visually-hidden">Active: {provider.name}</span>
                </>
              }
              checked={provider.active}
              busy={setActive.isPending && setActive.variables.code === provider.code}
              onChange={(checked) => (checked ? changeActive(provider, true) : setToDeactivate(provider))}
            />
            <div className="button-row">
              <Button size="small" onClick={() => onEdit(provider)} aria-label={`Edit ${provider.name}`}>
                Edit
              </Button>
              <Button
                size="small"
                variant="danger"
                onClick={() => setToRotate(provider)}
                aria-label={`Rotate the secret of ${provider.name}`}
              >
                Rotate secret
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDeactivate !== null}
        title={`Switch off ${toDeactivate?.name ?? 'the provider'}?`}
        confirmLabel="Switch off"
        danger
        busy={setActive.isPending}
        onClose={() => setToDeactivate(null)}
        onConfirm={() => {
          if (toDeactivate !== null) changeActive(toDeactivate, false);
        }}
      >
        <p>
          Its games leave the lobby at once and every wallet call it makes is refused, including credits for rounds
          already played: those wait until you switch it on again.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={toRotate !== null}
        title={`Rotate the secret of ${toRotate?.name ?? 'the provider'}?`}
        confirmLabel="Rotate secret"
        danger
        busy={rotate.isPending}
        onClose={() => setToRotate(null)}
        onConfirm={() => {
          if (toRotate !== null) rotateSecret(toRotate);
        }}
      >
        <Alert kind="warning">
          The current secret stops working <strong>at once</strong>: every wallet call signed with it is refused until
          the provider installs the new one.
        </Alert>
        <p>The new secret is shown once, right after this. Have a secure channel to the provider ready.</p>
      </ConfirmDialog>
    </>
  );
}

type CreateField = 'code' | 'name' | 'launchUrlTemplate' | 'netPayoutLimit';

function ProviderCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (revealed: RevealedSecret) => void;
}) {
  const create = useCreateProvider();
  const [form, setForm] = useState({ code: '', name: '', launchUrlTemplate: '', netPayoutLimit: '10000000' });
  const [active, setActiveValue] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<CreateField>>({});
  const formId = 'casino-provider-create';

  function set(field: CreateField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field] !== undefined) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const parsed = casinoProviderCreateSchema.safeParse({
      ...form,
      code: form.code.trim(),
      netPayoutLimit: limitValue(form.netPayoutLimit),
      active,
    });
    if (!parsed.success) {
      setErrors(
        withEmptyMessages(zodFieldErrors<CreateField>(parsed.error.issues), form, {
          code: 'Enter a code',
          name: 'Enter a name',
          launchUrlTemplate: 'Enter the launch URL',
          netPayoutLimit: 'Enter the limit',
        }),
      );
      focusFirstInvalid(formElement);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: ({ provider, secret, message }) => {
        create.reset();
        toast.success(message || 'Provider added');
        if (secret === null) onClose();
        else onCreated({ providerName: provider.name, providerCode: provider.code, secret, reason: 'created' });
      },
      onError: (error) => {
        const fields = serverFieldErrors<CreateField>(error);
        if (fields === null) toast.error(errorMessage(error));
        else setErrors(fields);
      },
    });
  }

  return (
    <Dialog
      open
      title="Add a provider"
      onClose={onClose}
      dismissible={!create.isPending}
      footer={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={create.isPending}>
            Add provider
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="casino-form">
        <TextField
          label="Code"
          value={form.code}
          maxLength={40}
          autoComplete="off"
          hint="Lowercase letters, digits and dashes; the provider sends it in X-Provider. It cannot be changed later."
          error={errors.code}
          onChange={(event) => set('code', event.target.value.toLowerCase())}
        />
        <TextField
          label="Name"
          value={form.name}
          maxLength={60}
          hint="Players see it in the lobby and on their statements."
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label="Launch URL template"
          value={form.launchUrlTemplate}
          maxLength={500}
          autoComplete="off"
          hint={URL_HINT}
          error={errors.launchUrlTemplate}
          onChange={(event) => set('launchUrlTemplate', event.target.value)}
        />
        <TextField
          label="Net payout limit (₹)"
          inputMode="decimal"
          autoComplete="off"
          value={form.netPayoutLimit}
          hint={LIMIT_HINT}
          error={errors.netPayoutLimit}
          onChange={(event) => set('netPayoutLimit', event.target.value.replace(/[^\d.,]/g, ''))}
        />
        <Switch label="Active at once" checked={active} onChange={setActiveValue} />
        <p className="muted small">Adding the provider creates its signing secret, shown once on the next screen.</p>
      </form>
    </Dialog>
  );
}

type EditField = 'name' | 'launchUrlTemplate' | 'netPayoutLimit';

function ProviderEditDialog({ provider, onClose }: { provider: DeskProvider; onClose: () => void }) {
  const update = useUpdateProvider({ quiet: true });
  const [form, setForm] = useState({
    name: provider.name,
    launchUrlTemplate: provider.launchUrlTemplate,
    netPayoutLimit: String(provider.netPayoutLimit),
  });
  const [errors, setErrors] = useState<FieldErrors<EditField>>({});
  const formId = `casino-provider-edit-${provider.code}`;

  function set(field: EditField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field] !== undefined) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const changes: Record<string, string | number> = {};
    if (form.name.trim() !== provider.name) changes.name = form.name;
    if (form.launchUrlTemplate.trim() !== provider.launchUrlTemplate)
      changes.launchUrlTemplate = form.launchUrlTemplate;
    if (limitValue(form.netPayoutLimit) !== provider.netPayoutLimit)
      changes.netPayoutLimit = limitValue(form.netPayoutLimit);
    const parsed = casinoProviderUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      setErrors(
        withEmptyMessages(zodFieldErrors<EditField>(parsed.error.issues), form, {
          name: 'Enter a name',
          launchUrlTemplate: 'Enter the launch URL',
          netPayoutLimit: 'Enter the limit',
        }),
      );
      focusFirstInvalid(formElement);
      return;
    }
    if (Object.keys(parsed.data).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { code: provider.code, body: parsed.data as ProviderUpdate },
      {
        onSuccess: ({ message }) => {
          toast.success(message || 'Provider saved');
          onClose();
        },
        onError: (error) => {
          const fields = serverFieldErrors<EditField>(error);
          if (fields === null) toast.error(errorMessage(error));
          else setErrors(fields);
        },
      },
    );
  }

  return (
    <Dialog
      open
      title={`Edit ${provider.name}`}
      onClose={onClose}
      dismissible={!update.isPending}
      footer={
        <>
          <Button onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={update.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="casino-form">
        <TextField
          label="Name"
          value={form.name}
          maxLength={60}
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label="Launch URL template"
          value={form.launchUrlTemplate}
          maxLength={500}
          autoComplete="off"
          hint={
            provider.kind === 'house'
              ? 'The house games are served by this site; change it only if you moved them.'
              : URL_HINT
          }
          error={errors.launchUrlTemplate}
          onChange={(event) => set('launchUrlTemplate', event.target.value)}
        />
        <TextField
          label="Net payout limit (₹)"
          inputMode="decimal"
          autoComplete="off"
          value={form.netPayoutLimit}
          hint={`${LIMIT_HINT} Paid out net so far: ${formatRupees(Math.max(0, provider.netPaidOut))}.`}
          error={errors.netPayoutLimit}
          onChange={(event) => set('netPayoutLimit', event.target.value.replace(/[^\d.,]/g, ''))}
        />
      </form>
    </Dialog>
  );
}
