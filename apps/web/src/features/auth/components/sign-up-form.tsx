import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MESSAGES, signUpRequestSchema } from '@khel/contract';
import { ErrorBanner } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField, TextField } from '../../../components/ui/field';
import { composeMobileNo, EMPTY_PHONE, PhoneField, type PhoneValue } from '../../../components/ui/phone-field';
import { STORAGE_KEYS, session } from '../../../lib/storage';
import { useSignUp } from '../api/sign-up';
import { collectErrors, focusFirstInvalid, serverFieldErrors, type FieldErrors } from '../hooks/form-errors';
import { serverText, useT } from '../../../lib/i18n/i18n';

const FIELDS = ['name', 'mobile_no', 'password', 'confirmPassword', 'affiliateCode', 'ageConfirmed'] as const;
type Field = (typeof FIELDS)[number];

export interface SignUpValues {
  name: string;
  phone: PhoneValue;
  password: string;
  confirmPassword: string;
  affiliateCode: string;
  ageConfirmed: boolean;
}

/** Spec §5 messages, word for word, in the order the fields appear. */
export function validateSignUp(values: SignUpValues): FieldErrors<Field> {
  const result = signUpRequestSchema.safeParse(toRequest(values));
  const errors = result.success ? {} : collectErrors(result.error.issues, FIELDS);
  // zod runs the match check only once every field is valid; the player should see it at once.
  if (
    !errors.confirmPassword &&
    values.password !== '' &&
    values.confirmPassword !== '' &&
    values.password !== values.confirmPassword
  ) {
    errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  }
  return errors;
}

function toRequest(values: SignUpValues) {
  const code = values.affiliateCode.trim();
  return {
    name: values.name,
    mobile_no: composeMobileNo(values.phone),
    password: values.password,
    confirmPassword: values.confirmPassword,
    ...(code ? { affiliateCode: code } : {}),
    ageConfirmed: values.ageConfirmed,
  };
}

/**
 * The Sign Up form (modal and /register page). On meta.code 200 an OTP was sent: the number is kept in
 * sessionStorage and the caller opens Verify Otp; otherwise the server's message shows in a red banner.
 */
export function SignUpForm({
  referralCode = '',
  onOtpSent,
  siteName,
}: {
  referralCode?: string;
  onOtpSent: (mobileNo: string) => void;
  siteName?: string;
}) {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SignUpValues>({
    name: '',
    phone: EMPTY_PHONE,
    password: '',
    confirmPassword: '',
    affiliateCode: referralCode,
    ageConfirmed: false,
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverMessage, setServerMessage] = useState<string>();
  const signUp = useSignUp();

  const update = (patch: Partial<SignUpValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    // After the first attempt, errors follow the typing so the player sees each one clear.
    if (submitted) setErrors(validateSignUp(next));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerMessage(undefined);
    const found = validateSignUp(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const body = signUpRequestSchema.parse(toRequest(values));
    try {
      const envelope = await signUp.mutateAsync(body);
      if (envelope.meta.code === 200) {
        session.set(STORAGE_KEYS.signUpMobile, body.mobile_no);
        onOtpSent(body.mobile_no);
      } else {
        setServerMessage(serverText(envelope.meta));
        setErrors(serverFieldErrors(envelope.meta, FIELDS));
      }
    } catch {
      // Transport failure: the API client has shown the error toast.
    }
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} data-testid="sign-up-form">
      {siteName ? <p className="form__intro">{t('Create your {siteName} account.', { siteName })}</p> : null}
      {serverMessage ? <ErrorBanner testId="sign-up-error">{serverMessage}</ErrorBanner> : null}
      <TextField
        id={`${id}-name`}
        label={t('Name')}
        autoComplete="name"
        value={values.name}
        error={errors.name}
        onChange={(event) => update({ name: event.target.value })}
      />
      <PhoneField
        id={`${id}-mobile`}
        value={values.phone}
        error={errors.mobile_no}
        onChange={(phone) => update({ phone })}
      />
      <PasswordField
        id={`${id}-password`}
        label={t('Password')}
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={(event) => update({ password: event.target.value })}
      />
      <PasswordField
        id={`${id}-confirm`}
        label={t('Confirm Password')}
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => update({ confirmPassword: event.target.value })}
      />
      <TextField
        id={`${id}-referral`}
        label={
          <>
            {t('Referral Code')} <span className="muted">{t('(optional)')}</span>
          </>
        }
        autoCapitalize="characters"
        value={values.affiliateCode}
        error={errors.affiliateCode}
        onChange={(event) => update({ affiliateCode: event.target.value })}
      />
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={values.ageConfirmed}
            aria-invalid={errors.ageConfirmed ? true : undefined}
            aria-describedby={errors.ageConfirmed ? `${id}-age-error` : undefined}
            onChange={(event) => update({ ageConfirmed: event.target.checked })}
          />
          <span>{t('I confirm that I am 18 years of age or older')}</span>
        </label>
        {errors.ageConfirmed ? (
          <p id={`${id}-age-error`} className="field__error">
            {t(errors.ageConfirmed)}
          </p>
        ) : null}
      </div>
      <Button type="submit" block loading={signUp.isPending} loadingLabel={t('Signing up…')}>
        {t('Sign Up')}
      </Button>
      <p className="form__footer">
        {t('Already have an account?')} <Link to="/login">{t('Login')}</Link>
      </p>
    </form>
  );
}
