export interface TabItem<K extends string> {
  key: K;
  label: string;
}

export default function Tabs<K extends string>({
  items,
  active,
  onChange,
  variant = 'line',
}: {
  items: TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  variant?: 'line' | 'pill';
}) {
  return (
    <div className={variant === 'line' ? 'tabs' : 'pill-tabs'} role="tablist">
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          className={`${variant === 'line' ? 'tab' : 'pill'}${item.key === active ? ' active' : ''}`}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
