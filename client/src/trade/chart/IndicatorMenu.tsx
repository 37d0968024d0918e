/** The chart's Indicators button: a list of the indicators, each ticked on or off. */
import { useEffect, useRef, useState } from 'react';
import { STUDIES, type StudyKey } from './studies';

export default function IndicatorMenu({
  enabled,
  onToggle,
}: {
  enabled: StudyKey[];
  onToggle: (key: StudyKey) => void;
}) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // A click anywhere else closes the list.
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  return (
    <div className="indicator-menu" ref={box}>
      <button type="button" className="pill" aria-expanded={open} onClick={() => setOpen(!open)}>
        Indicators
      </button>
      {open && (
        <div className="indicator-list" role="group" aria-label="Indicators">
          {STUDIES.map((study) => (
            <label key={study.key} className="check">
              <input type="checkbox" checked={enabled.includes(study.key)} onChange={() => onToggle(study.key)} />
              {study.label}
            </label>
          ))}
        </div>
      )}
    </div>
  );
}
