/**
 * KYC documents before upload: a file over 10 MB is refused, and an image over 1 MB is scaled down and
 * re-encoded as JPEG first (a phone's photo of an identity card is often several MB).
 */
import type { DocumentType } from './api/types';

/** The document types a trader can choose, in the order offered, with the names people see. */
export const DOCUMENT_TYPES: ReadonlyArray<[DocumentType, string]> = [
  ['passport', 'Passport'],
  ['id_card', 'ID Card'],
  ['drivers_license', "Driver's License"],
];

/** A document type as people read it; a type we do not offer is shown as it came. */
export const documentTypeName = (type: string): string => DOCUMENT_TYPES.find(([value]) => value === type)?.[1] ?? type;

export const MAX_DOCUMENT_BYTES = 10485760;
export const COMPRESS_OVER_BYTES = 1048576;
const MAX_SIDE_PX = 1920;
const JPEG_QUALITY = 0.7;

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('image could not be decoded'));
    };
    img.src = url;
  });
}

/** Longest side scaled to at most 1920 px, re-encoded as JPEG at quality 0.7. */
export async function compressImage(file: File): Promise<Blob> {
  const img = await loadImage(file);
  const scale = Math.min(1, MAX_SIDE_PX / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(img.naturalWidth * scale);
  canvas.height = Math.round(img.naturalHeight * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), 'image/jpeg', JPEG_QUALITY),
  );
}

/** Base64 of the bytes, without the `data:...;base64,` prefix. */
export function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** Whether a file would be compressed before upload. */
export const needsCompression = (file: File): boolean =>
  file.type.startsWith('image/') && file.size > COMPRESS_OVER_BYTES;
