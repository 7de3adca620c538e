import { TextField } from '../../../components/ui/field';

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

/** The one-time code input: numeric keyboard on phones, and the browser may offer the code. */
export function CodeField(props: {
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      error={props.error}
      hint={props.hint}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={20}
      className="code-input"
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}
