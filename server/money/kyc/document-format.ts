/** The files a KYC document may be, recognised by their first bytes (the name and claimed type are not trusted). */
const SIGNATURES: Array<{ mimeType: string; matches: (bytes: Buffer) => boolean }> = [
  { mimeType: 'image/jpeg', matches: (b) => startsWith(b, 0, [0xff, 0xd8, 0xff]) },
  { mimeType: 'image/png', matches: (b) => startsWith(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { mimeType: 'image/webp', matches: (b) => startsWith(b, 0, ascii('RIFF')) && startsWith(b, 8, ascii('WEBP')) },
  { mimeType: 'application/pdf', matches: (b) => startsWith(b, 0, ascii('%PDF-')) },
];

const ascii = (text: string) => [...Buffer.from(text, 'ascii')];

function startsWith(bytes: Buffer, offset: number, signature: number[]): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The document's MIME type, or null when it is none of JPEG, PNG, WebP or PDF. */
export function sniffDocumentType(bytes: Buffer): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mimeType ?? null;
}
