import { useState } from 'react';
import type { FormEvent } from 'react';
import { brandingUpdateRequestSchema } from '@khel/contract';
import type { AppSettings, BrandingUpdateRequest } from '@khel/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { ImagePicker } from '../../../components/ui/image-picker';
import { LoadingBlock } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { contrastText, useAppSettings } from '../../../lib/app-settings';
import { useUpdateBranding } from '../api/update-branding';

const HEX = /^#[0-9a-fA-F]{6}$/;

type FieldErrors = Partial<Record<keyof BrandingUpdateRequest, string>>;

export function BrandingPage() {
  const settings = useAppSettings();
  return (
    <section className="page" aria-labelledby="branding-title">
      <header className="page-header">
        <h1 id="branding-title">Branding</h1>
      </header>
      <p className="muted">The name, colour and images players see on the site and in this back office.</p>
      {settings.isPending ? (
        <LoadingBlock label="Loading branding…" />
      ) : settings.isError ? (
        <Alert>{errorMessage(settings.error)}</Alert>
      ) : (
        // Keyed on what the server holds, so a save (or another operator's) starts a fresh draft.
        <BrandingForm key={JSON.stringify(settings.data)} current={settings.data} />
      )}
    </section>
  );
}

function BrandingForm({ current }: { current: AppSettings }) {
  const update = useUpdateBranding();
  const [siteName, setSiteName] = useState(current.siteName);
  const [color, setColor] = useState(current.color);
  const [colorText, setColorText] = useState(current.color);
  const [logo, setLogo] = useState<string | null>(null);
  const [favicon, setFavicon] = useState<string | null>(null);
  const [helpWhatsapp, setHelpWhatsapp] = useState(current.helpWhatsapp ?? '');
  const [helpPhone, setHelpPhone] = useState(current.helpPhone ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const changes: BrandingUpdateRequest = {
    ...(siteName.trim() !== current.siteName ? { siteName: siteName.trim() } : {}),
    ...(color.toLowerCase() !== current.color.toLowerCase() ? { color: color.toLowerCase() } : {}),
    ...(logo !== null ? { logoImg: logo } : {}),
    ...(favicon !== null ? { faviconImg: favicon } : {}),
    // As typed: the contract drops spaces, dashes and a leading +, and an empty field removes the number.
    ...(helpWhatsapp.trim() !== (current.helpWhatsapp ?? '') ? { helpWhatsapp: helpWhatsapp.trim() } : {}),
    ...(helpPhone.trim() !== (current.helpPhone ?? '') ? { helpPhone: helpPhone.trim() } : {}),
  };
  // A half-typed colour counts as a change, so Save stays available and explains what is wrong.
  const dirty = Object.keys(changes).length > 0 || colorText.toLowerCase() !== current.color.toLowerCase();
  const previewColor = HEX.test(color) ? color : current.color;

  function reset() {
    setSiteName(current.siteName);
    setColor(current.color);
    setColorText(current.color);
    setLogo(null);
    setFavicon(null);
    setHelpWhatsapp(current.helpWhatsapp ?? '');
    setHelpPhone(current.helpPhone ?? '');
    setErrors({});
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = brandingUpdateRequestSchema.safeParse({
      ...changes,
      ...(siteName.trim() === '' ? { siteName: '' } : {}),
    });
    if (!parsed.success || !HEX.test(colorText)) {
      const next: FieldErrors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const key = issue.path[0] as keyof BrandingUpdateRequest;
        next[key] ??= issue.message;
      }
      if (!HEX.test(colorText)) next.color = 'Colour must look like #1a2b3c';
      setErrors(next);
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError && error.issues.length > 0) {
          setErrors({
            siteName: error.issueFor('siteName'),
            color: error.issueFor('color'),
            logoImg: error.issueFor('logoImg'),
            faviconImg: error.issueFor('faviconImg'),
            helpWhatsapp: error.issueFor('helpWhatsapp'),
            helpPhone: error.issueFor('helpPhone'),
          });
        }
      },
    });
  }

  return (
    <form className="branding-layout" onSubmit={onSubmit} noValidate>
      <div className="card branding-form">
        <TextField
          label="Site name"
          value={siteName}
          maxLength={60}
          required
          error={errors.siteName}
          onChange={(event) => {
            setSiteName(event.target.value);
            setErrors({ ...errors, siteName: undefined });
          }}
        />
        <div className={`field${errors.color ? ' field-invalid' : ''}`}>
          <label className="field-label" htmlFor="brand-color-text">
            Brand colour
          </label>
          <div className="color-field">
            <input
              type="color"
              aria-label="Pick the brand colour"
              value={HEX.test(color) ? color.toLowerCase() : '#000000'}
              onChange={(event) => {
                setColor(event.target.value);
                setColorText(event.target.value);
                setErrors({ ...errors, color: undefined });
              }}
            />
            <input
              id="brand-color-text"
              className="input color-text"
              value={colorText}
              maxLength={7}
              spellCheck={false}
              aria-invalid={errors.color ? true : undefined}
              aria-describedby={errors.color ? 'brand-color-error' : undefined}
              onChange={(event) => {
                const text = event.target.value.trim();
                setColorText(text);
                if (HEX.test(text)) setColor(text);
                setErrors({ ...errors, color: undefined });
              }}
            />
          </div>
          {errors.color ? (
            <p className="field-error" id="brand-color-error" role="alert">
              {errors.color}
            </p>
          ) : null}
        </div>
        <ImagePicker
          label="Logo"
          currentUrl={current.logoImg}
          value={logo}
          onChange={setLogo}
          previewClassName="image-preview-wide"
        />
        {errors.logoImg ? <Alert>{errors.logoImg}</Alert> : null}
        <ImagePicker
          label="Favicon"
          currentUrl={current.faviconImg}
          value={favicon}
          onChange={setFavicon}
          hint="Square PNG, JPEG or WebP, at most 5 MB"
        />
        {errors.faviconImg ? <Alert>{errors.faviconImg}</Alert> : null}
        <TextField
          label="Help: WhatsApp number"
          hint="With the country code, e.g. +91 98765 43210. Players see a Help on WhatsApp link; leave empty for none."
          value={helpWhatsapp}
          inputMode="tel"
          maxLength={24}
          error={errors.helpWhatsapp}
          onChange={(event) => {
            setHelpWhatsapp(event.target.value);
            setErrors({ ...errors, helpWhatsapp: undefined });
          }}
        />
        <TextField
          label="Help: phone number"
          hint="With the country code. Players see a Call for help link; leave empty for none."
          value={helpPhone}
          inputMode="tel"
          maxLength={24}
          error={errors.helpPhone}
          onChange={(event) => {
            setHelpPhone(event.target.value);
            setErrors({ ...errors, helpPhone: undefined });
          }}
        />
        <div className="button-row">
          <Button type="submit" variant="primary" busy={update.isPending} disabled={!dirty}>
            Save branding
          </Button>
          <Button onClick={reset} disabled={!dirty || update.isPending}>
            Discard changes
          </Button>
        </div>
      </div>

      <aside className="card branding-preview" aria-label="Preview">
        <h2>Preview</h2>
        <div className="preview-frame">
          <div className="preview-header" style={{ background: previewColor, color: contrastText(previewColor) }}>
            {(logo ?? current.logoImg) ? <img src={logo ?? current.logoImg} alt="" className="preview-logo" /> : null}
            <strong>{siteName.trim() || current.siteName}</strong>
          </div>
          <div className="preview-body">
            <p>Buttons and highlights use the brand colour.</p>
            <span className="preview-button" style={{ background: previewColor, color: contrastText(previewColor) }}>
              Place bet
            </span>
            <span className="preview-tab">
              {(favicon ?? current.faviconImg) ? (
                <img src={favicon ?? current.faviconImg} alt="" className="preview-favicon" />
              ) : null}
              {siteName.trim() || current.siteName}
            </span>
          </div>
        </div>
      </aside>
    </form>
  );
}
