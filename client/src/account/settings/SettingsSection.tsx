/** One card of /settings: its icon and title, then its content. */
import type { ReactNode } from 'react';

export default function SettingsSection({
  id,
  icon,
  title,
  aside,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  /** Shown at the end of the title line (a status badge). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card stack" aria-labelledby={id}>
      <div className="row between">
        <h3 id={id} className="card-title" style={{ margin: 0 }}>
          {icon}
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}
