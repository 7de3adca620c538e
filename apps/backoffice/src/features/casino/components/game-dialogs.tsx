import { useState } from 'react';
import type { FormEvent } from 'react';
import { CASINO_LAUNCH_KINDS, casinoGameCreateSchema, casinoGameUpdateSchema } from '@khel/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useCreateGame, useUpdateGame } from '../api/games';
import type { GameUpdate } from '../api/games';
import type { DeskGame, DeskProvider } from '../api/keys';
import { focusFirstInvalid, serverFieldErrors, withEmptyMessages, zodFieldErrors } from './form-errors';
import type { FieldErrors } from './form-errors';
import { GameThumb } from './game-thumb';

type LaunchKind = (typeof CASINO_LAUNCH_KINDS)[number];

const LAUNCH_KIND_LABELS: Record<LaunchKind, string> = {
  play: 'play-game: POST /play-game with the game id (any game)',
  table: 'Live table: /live-casino/{code} (not for slots)',
  qtech: 'qtech: /live-casino-qtech/{id}',
  win: 'win: /live-casino-win/{id}/{provider}',
};

const IMAGE_HINT =
  'An image URL (https://… or a path on this site such as /house-casino/thumbs/…), at most 500 characters.';

function CategoryOptions({ id, categories }: { id: string; categories: readonly string[] }) {
  return (
    <datalist id={id}>
      {categories.map((category) => (
        <option key={category} value={category} />
      ))}
    </datalist>
  );
}

type EditField = 'title' | 'category' | 'image' | 'order';

/** Title, category, image and order of one game; only what changed travels (each change is audited). */
export function GameEditDialog({
  game,
  categories,
  onClose,
}: {
  game: DeskGame;
  categories: readonly string[];
  onClose: () => void;
}) {
  const update = useUpdateGame();
  const [form, setForm] = useState({
    title: game.title,
    category: game.game_category,
    image: game.game_images,
    order: String(game.order),
  });
  const [errors, setErrors] = useState<FieldErrors<EditField>>({});
  const formId = `casino-game-edit-${game._id}`;

  function set(field: EditField, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field] !== undefined) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const order = form.order.trim() === '' ? Number.NaN : Number(form.order);
    const changes: Record<string, unknown> = {};
    if (form.title.trim() !== game.title) changes.title = form.title;
    if (form.category.trim() !== game.game_category) changes.category = form.category;
    if (form.image.trim() !== game.game_images) changes.image = form.image;
    if (order !== game.order) changes.order = order;
    const parsed = casinoGameUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      setErrors(
        withEmptyMessages(zodFieldErrors<EditField>(parsed.error.issues), form, {
          title: 'Enter a title',
          category: 'Enter a category',
          order: 'Enter a number',
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
      { id: game._id, body: parsed.data as GameUpdate },
      {
        onSuccess: onClose,
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
      title={`Edit ${game.title}`}
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
          label="Title"
          value={form.title}
          maxLength={80}
          error={errors.title}
          onChange={(event) => set('title', event.target.value)}
        />
        <TextField
          label="Category"
          value={form.category}
          maxLength={60}
          list={`${formId}-categories`}
          hint="The lobby groups games by category; pick one in use or type a new one."
          error={errors.category}
          onChange={(event) => set('category', event.target.value)}
        />
        <CategoryOptions id={`${formId}-categories`} categories={categories} />
        <div className="casino-image-field">
          <GameThumb src={form.image.trim()} title={form.title || game.title} large />
          <TextField
            label="Image URL"
            value={form.image}
            maxLength={500}
            hint={IMAGE_HINT}
            error={errors.image}
            onChange={(event) => set('image', event.target.value)}
          />
        </div>
        <TextField
          label="Order"
          type="number"
          inputMode="numeric"
          min={0}
          max={100000}
          value={form.order}
          hint="Lower numbers come first in the lobby."
          error={errors.order}
          onChange={(event) => set('order', event.target.value)}
        />
      </form>
    </Dialog>
  );
}

type CreateField = 'providerCode' | 'code' | 'title' | 'category' | 'image' | 'isSlot' | 'launchKind' | 'order';

export interface GameCreateDialogProps {
  providers: readonly DeskProvider[];
  defaultProvider: string;
  categories: readonly string[];
  nextOrder: number;
  onClose: () => void;
}

/** A game of a configured provider: its code is what the provider sends back in wallet calls. */
export function GameCreateDialog({
  providers,
  defaultProvider,
  categories,
  nextOrder,
  onClose,
}: GameCreateDialogProps) {
  const create = useCreateGame();
  const [form, setForm] = useState({
    providerCode:
      defaultProvider !== ''
        ? defaultProvider
        : (providers.find((item) => item.kind === 'external')?.code ?? providers[0]?.code ?? ''),
    code: '',
    title: '',
    category: '',
    image: '',
    type: 'table' as 'slot' | 'table',
    launchKind: 'play' as LaunchKind,
    order: String(Math.min(nextOrder, 100_000)),
  });
  const [enabled, setEnabled] = useState(true);
  const [errors, setErrors] = useState<FieldErrors<CreateField>>({});
  const formId = 'casino-game-create';

  function set<K extends keyof typeof form>(field: K, value: (typeof form)[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    const errorField = field === 'type' ? 'isSlot' : field;
    if (errors[errorField as CreateField] !== undefined)
      setErrors((current) => ({ ...current, [errorField]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const parsed = casinoGameCreateSchema.safeParse({
      providerCode: form.providerCode,
      code: form.code.trim(),
      title: form.title,
      category: form.category,
      image: form.image,
      isSlot: form.type === 'slot',
      launchKind: form.launchKind,
      order: form.order.trim() === '' ? Number.NaN : Number(form.order),
      enabled,
    });
    const next = withEmptyMessages(parsed.success ? {} : zodFieldErrors<CreateField>(parsed.error.issues), form, {
      code: 'Enter the provider’s game code',
      title: 'Enter a title',
      category: 'Enter a category',
      order: 'Enter a number',
    });
    // The server launches a live table only for a game that is not a slot: refuse the pair here.
    if (form.type === 'slot' && form.launchKind === 'table')
      next.launchKind = 'A slot cannot launch as a live table; choose play-game';
    if (!parsed.success || Object.keys(next).length > 0) {
      setErrors(next);
      focusFirstInvalid(formElement);
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: onClose,
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
      title="Add a game"
      onClose={onClose}
      dismissible={!create.isPending}
      footer={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="primary" busy={create.isPending}>
            Add game
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="casino-form">
        <SelectField
          label="Provider"
          value={form.providerCode}
          error={errors.providerCode}
          onChange={(event) => set('providerCode', event.target.value)}
        >
          {providers.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name} ({item.code}){item.active ? '' : ' · inactive'}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Game code"
          value={form.code}
          maxLength={40}
          autoComplete="off"
          hint="The provider's own code for the game (lowercase letters, digits, dashes); it comes back in every wallet call."
          error={errors.code}
          onChange={(event) => set('code', event.target.value.toLowerCase())}
        />
        <TextField
          label="Title"
          value={form.title}
          maxLength={80}
          error={errors.title}
          onChange={(event) => set('title', event.target.value)}
        />
        <TextField
          label="Category"
          value={form.category}
          maxLength={60}
          list={`${formId}-categories`}
          error={errors.category}
          onChange={(event) => set('category', event.target.value)}
        />
        <CategoryOptions id={`${formId}-categories`} categories={categories} />
        <div className="casino-image-field">
          <GameThumb src={form.image.trim()} title={form.title || 'New game'} large />
          <TextField
            label="Image URL"
            value={form.image}
            maxLength={500}
            hint={IMAGE_HINT}
            error={errors.image}
            onChange={(event) => set('image', event.target.value)}
          />
        </div>
        <SelectField
          label="Type"
          value={form.type}
          hint="Slots need the player's Slots permission, everything else Live casino."
          error={errors.isSlot}
          onChange={(event) => set('type', event.target.value as 'slot' | 'table')}
        >
          <option value="table">Table or live game</option>
          <option value="slot">Slot</option>
        </SelectField>
        <SelectField
          label="Launch call"
          value={form.launchKind}
          error={errors.launchKind}
          onChange={(event) => set('launchKind', event.target.value as LaunchKind)}
        >
          {CASINO_LAUNCH_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LAUNCH_KIND_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Order"
          type="number"
          inputMode="numeric"
          min={0}
          max={100000}
          value={form.order}
          error={errors.order}
          onChange={(event) => set('order', event.target.value)}
        />
        <Switch label="Show in the lobby at once" checked={enabled} onChange={setEnabled} />
      </form>
    </Dialog>
  );
}
