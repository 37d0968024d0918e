/** KYC tab: document type, file (max 10MB, large images compressed), submit, status message. */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSnackbar } from 'notistack';
import { errorMessage } from '../api/client';
import { kycApi } from '../api/endpoints';
import type { DocumentType } from '../api/types';
import { compressImage, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, needsCompression, toBase64 } from '../documents';
import { fileSizeMB } from '../format';
import { FileIcon, UploadIcon } from '../components/Icons';

const STATUS_MESSAGES: Record<string, { tone: string; text: string }> = {
  approved: { tone: 'up', text: 'Your KYC has been approved!' },
  submitted: { tone: 'warn', text: 'Your KYC is under review' },
  rejected: { tone: 'down', text: 'Your KYC was rejected. Please submit again.' },
};

export default function KycPanel({
  status,
  adminNotes,
  onSubmitted,
}: {
  status: string;
  adminNotes?: string | null;
  onSubmitted: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [documentType, setDocumentType] = useState<DocumentType>('passport');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const locked = status === 'submitted' || status === 'approved';
  const message = STATUS_MESSAGES[status];

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && chosen.size > MAX_DOCUMENT_BYTES) {
      enqueueSnackbar('File size too large. Maximum size is 10MB. Please compress your image and try again.', {
        variant: 'error',
      });
      event.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
  };

  const prepare = async (chosen: File): Promise<string> => {
    let blob: Blob = chosen;
    if (needsCompression(chosen)) {
      try {
        blob = await compressImage(chosen);
        enqueueSnackbar('Image compressed for faster upload', { variant: 'info' });
      } catch (error) {
        console.warn('kyc: compression failed, uploading the original', error);
      }
    }
    return toBase64(blob);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      enqueueSnackbar('Please select a document', { variant: 'error' });
      return;
    }
    setBusy(true);
    let data: string;
    try {
      data = await prepare(file);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to process document'), { variant: 'error' });
      setBusy(false);
      return;
    }
    try {
      await kycApi.submit(documentType, data);
      enqueueSnackbar('KYC document submitted!', { variant: 'success' });
      // The input forgets the sent file too: else, after a rejection, it would still name a file we no
      // longer hold, and choosing that same file again would fire no change.
      if (fileInput.current) fileInput.current.value = '';
      setFile(null);
      onSubmitted();
    } catch (error) {
      enqueueSnackbar(errorMessage(error, 'Failed to submit KYC'), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card stack" style={{ maxWidth: 560 }}>
      <h3>Identity Verification</h3>
      {message && <div className={`notice ${message.tone}`}>{message.text}</div>}
      {status === 'rejected' && adminNotes && <div className="muted small">Notes: {adminNotes}</div>}
      <form className="stack" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="kyc-type">Document Type</label>
          <select
            id="kyc-type"
            className="input"
            value={documentType}
            onChange={(e) => setDocumentType(e.target.value as DocumentType)}
          >
            {DOCUMENT_TYPES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="kyc-file">Upload Document (Max 10MB)</label>
          <input
            id="kyc-file"
            ref={fileInput}
            className="input"
            type="file"
            accept="image/*,.pdf,application/pdf"
            onChange={onFile}
            disabled={locked}
          />
          {file && (
            <div className="row small muted">
              <FileIcon size={14} />
              {file.name} ({fileSizeMB(file.size)})
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || locked}>
          <UploadIcon size={16} />
          Submit KYC
        </button>
      </form>
    </div>
  );
}
