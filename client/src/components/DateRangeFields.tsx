/** The From and To date fields of a filter row (days as YYYY-MM-DD), labelled for the list they narrow. */
export interface DateRange {
  from: string;
  to: string;
}

export default function DateRangeFields({
  idPrefix,
  range,
  required = false,
  onChange,
}: {
  idPrefix: string;
  range: DateRange;
  required?: boolean;
  onChange: (range: DateRange) => void;
}) {
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <div key={end} className="field">
          <label htmlFor={`${idPrefix}-${end}`}>{end === 'from' ? 'From' : 'To'}</label>
          <input
            id={`${idPrefix}-${end}`}
            className="input"
            type="date"
            required={required}
            value={range[end]}
            onChange={(e) => onChange({ ...range, [end]: e.target.value })}
          />
        </div>
      ))}
    </>
  );
}
