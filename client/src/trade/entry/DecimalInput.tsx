/** A decimal field of the order forms: its name before, its unit after, typed as text so nothing is rounded. */
export default function DecimalInput({
  label,
  prefix = label,
  unit = 'USDT',
  value,
  onChange,
  placeholder,
}: {
  /** The field's accessible name. */
  label: string;
  /** What it shows before the value, when shorter than its name ("TP" for "Take profit"). */
  prefix?: string;
  unit?: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  return (
    <label className="input-group">
      <span className="prefix">{prefix}</span>
      <input
        aria-label={label}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="suffix">{unit}</span>
    </label>
  );
}
