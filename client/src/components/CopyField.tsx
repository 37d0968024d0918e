/** A value to copy (an API key, a referral link) under its label, whole however long, with a Copy button. */
import CopyButton from './CopyButton';

export default function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="field">
      <span className="label">{label}</span>
      <div className="copy-field">
        <span className="num" data-testid={testId}>
          {value}
        </span>
        <CopyButton text={value} />
      </div>
    </div>
  );
}
