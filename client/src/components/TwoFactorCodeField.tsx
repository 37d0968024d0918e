/** The input of a two-factor code: six digits from an authenticator app, or a recovery code. */
export default function TwoFactorCodeField({
  id,
  label,
  value,
  onChange,
  autoFocus = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (code: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input num"
        required
        autoFocus={autoFocus}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={64}
        placeholder="6-digit code"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
