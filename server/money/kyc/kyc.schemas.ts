import { z } from 'zod';
import { standalone } from '../../kernel/validation';
import { sniffDocumentType } from './document-format';
import { DOCUMENT_TYPES } from './kyc-submission.entity';

export const MAX_DOCUMENT_BYTES = 10_485_760;

const NO_DOCUMENT = standalone('Please select a document');
const NOT_BASE64 = standalone('The document must be base64 data, without the data: prefix');
const TOO_LARGE = standalone('File size too large. Maximum size is 10MB. Please compress your image and try again.');
const UNSUPPORTED = standalone('Unsupported document: please upload a JPEG, PNG or WebP image, or a PDF');
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface KycDocument {
  bytes: Buffer;
  mimeType: string;
}

/**
 * Base64 text -> the document's bytes and sniffed type. In a query string an unencoded '+' arrives
 * as a space, and base64 may be wrapped in lines: both are undone before checking the alphabet.
 */
const documentData = z.string({ error: NO_DOCUMENT }).transform((text, context): KycDocument => {
  const data = text.replace(/ /g, '+').replace(/[\r\n]/g, '');
  const refuse = (message: string) => {
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (data.length === 0) return refuse(NO_DOCUMENT);
  if (!BASE64.test(data) || data.length % 4 !== 0) return refuse(NOT_BASE64);
  if ((data.length / 4) * 3 - (data.length - data.replace(/=+$/, '').length) > MAX_DOCUMENT_BYTES)
    return refuse(TOO_LARGE);
  const bytes = Buffer.from(data, 'base64');
  const mimeType = sniffDocumentType(bytes);
  return mimeType ? { bytes, mimeType } : refuse(UNSUPPORTED);
});

/** POST /kyc/submit: from the query string (as the API's callers may send it) or a JSON body (as the client does). */
export const kycSubmission = z.object({
  document_type: z.enum(DOCUMENT_TYPES, {
    error: standalone('Please choose a document type: passport, id_card or drivers_license'),
  }),
  document_data: documentData,
});
