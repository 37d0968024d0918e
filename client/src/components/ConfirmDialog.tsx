/** A question before an action that cannot be undone: the dismiss button closes it, the confirm button acts (once), then it closes. */
import { useState, type ReactNode } from 'react';

export default function ConfirmDialog({
  title,
  label = title,
  confirm,
  dismiss = 'Back',
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  /** The dialog's name, when not its title. */
  label?: string;
  /** The buttons' labels. */
  confirm: string;
  dismiss?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog stack confirm-dialog" role="dialog" aria-modal="true" aria-label={label}>
        <h3>{title}</h3>
        <div className="muted small">{children}</div>
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {dismiss}
          </button>
          <button
            type="button"
            className="btn btn-sell btn-sm"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await onConfirm();
              onClose();
            }}
          >
            {confirm}
          </button>
        </div>
      </div>
    </div>
  );
}
