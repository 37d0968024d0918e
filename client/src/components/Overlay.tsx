/**
 * A panel over the page (the phone's menu drawer, the order form's bottom sheet), titled `label`:
 * its × button, a tap beside it, Escape or following a link in it closes it.
 */
import { useEffect, type ReactNode } from 'react';
import { CloseIcon } from './Icons';

export default function Overlay({
  label,
  className,
  onClose,
  children,
}: {
  label: string;
  /** Where the panel sits: 'nav-drawer' (right side) or 'order-sheet' (bottom). */
  className: string;
  onClose: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="overlay-backdrop" onClick={onClose}>
      <div
        className={className}
        role="dialog"
        aria-label={label}
        aria-modal="true"
        onClick={(event) => {
          event.stopPropagation();
          if ((event.target as Element).closest('a')) onClose();
        }}
      >
        <div className="row between overlay-head">
          <b>{label}</b>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            <CloseIcon size={20} />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
