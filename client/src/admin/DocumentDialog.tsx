/** Admin's View Document dialog: loads the document with the bearer token and shows it. */
import { useEffect, useState } from 'react';
import { authHeaders } from '../api/client';
import type { KycSubmission } from '../api/types';
import StatusBadge from '../components/StatusBadge';
import { documentTypeName } from '../documents';
import { dateTime, isAwaitingDecision } from '../format';
import DecisionForm from './DecisionForm';
import type { Decision } from './decisions';

interface LoadedDocument {
  url: string;
  type: string;
}

export default function DocumentDialog({
  submission,
  onClose,
  onDecide,
}: {
  submission: KycSubmission;
  onClose: () => void;
  /** Resolves true on success (the dialog then closes). */
  onDecide: (decision: Decision, notes: string) => Promise<boolean>;
}) {
  const [doc, setDoc] = useState<LoadedDocument | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!submission.document_url) {
      setLoadError('No document attached');
      return;
    }
    let objectUrl: string | null = null;
    let cancelled = false;
    fetch(submission.document_url, { headers: authHeaders() })
      .then(async (response) => {
        if (!response.ok) throw new Error(`document request failed (${response.status})`);
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setDoc({ url: objectUrl, type: blob.type || response.headers.get('Content-Type') || '' });
      })
      .catch((error) => {
        console.warn('kyc: document could not be loaded', error);
        if (!cancelled) setLoadError('The document could not be loaded');
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [submission.document_url]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const decide = async (decision: Decision, notes: string) => {
    setBusy(true);
    const ok = await onDecide(decision, notes);
    setBusy(false);
    if (ok) onClose();
  };

  const isPdf = doc?.type.includes('pdf');

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-label="KYC document">
        <div className="row between">
          <div>
            <h3>{submission.user?.full_name ?? 'KYC document'}</h3>
            <div className="muted small">
              {submission.user?.email} · {documentTypeName(submission.document_type)} ·{' '}
              {dateTime(submission.submitted_at)}
            </div>
          </div>
          <div className="row">
            <StatusBadge status={submission.status} />
            <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
        <div className="doc-view">
          {!doc && !loadError && <div className="spinner" />}
          {loadError && <div className="muted">{loadError}</div>}
          {doc && !isPdf && <img src={doc.url} alt="KYC document" />}
          {doc && isPdf && (
            <div style={{ width: '100%' }}>
              <iframe src={doc.url} title="KYC document" />
              <a href={doc.url} download={`kyc-${submission.id}.pdf`} className="small">
                Download PDF
              </a>
            </div>
          )}
        </div>
        {submission.admin_notes && <div className="muted small">Notes: {submission.admin_notes}</div>}
        {isAwaitingDecision(submission.status) && (
          <div className="stack" style={{ gap: 8 }}>
            <DecisionForm busy={busy} onDecide={decide} />
          </div>
        )}
      </div>
    </div>
  );
}
