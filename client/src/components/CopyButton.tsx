/** A small Copy button: puts a text on the clipboard and says so for a moment. */
import { useEffect, useState } from 'react';

/** The clipboard API where the page may use it; else the older copy command on a selected text. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

/** `what` names the text for screen readers when a screen has several ("Copy account number"). */
export default function CopyButton({ text, label = 'Copy', what }: { text: string; label?: string; what?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <button
      type="button"
      className="btn btn-sm btn-ghost accent"
      aria-label={what && `${label} ${what}`}
      onClick={() => void copyText(text).then((copied) => setState(copied ? 'copied' : 'failed'))}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select and copy' : label}
    </button>
  );
}
