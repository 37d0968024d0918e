import { z } from 'zod';
import { recordId } from '../../money/back-office/decision-inputs';
import { route } from './route';
import { submissionItem } from '../../money/kyc/kyc-view';
import { kycSubmission } from '../../money/kyc/kyc.schemas';
import type { KycService } from '../../money/kyc/kyc.service';

export function kycRoutes(kyc: KycService) {
  return [
    route({
      method: 'post',
      path: '/kyc/submit',
      summary: 'Submit an identity document (base64 JPEG, PNG, WebP or PDF, at most 10 MB)',
      tags: ['kyc'],
      access: 'trader',
      idempotent: true,
      input: kycSubmission,
      response: submissionItem,
      handler: ({ input, user: trader, keyed }) =>
        kyc.submit(trader.id, input.document_type, input.document_data, keyed),
    }),
    route({
      method: 'get',
      path: '/kyc/status',
      summary: "The caller's KYC status and the notes of the last answer",
      tags: ['kyc'],
      access: 'trader',
      response: z.object({ status: z.string(), admin_notes: z.string().nullable() }),
      handler: ({ user: trader }) => kyc.status(trader.id),
    }),
    route({
      method: 'get',
      path: '/admin/kyc/:id/document',
      summary: 'The document of a KYC submission, with its content type',
      tags: ['admin', 'kyc'],
      access: 'admin',
      params: z.object({ id: recordId }),
      handler: async ({ params, ctx }) => {
        const document = await kyc.document(params.id);
        ctx.type = document.mimeType;
        ctx.set('Cache-Control', 'private, no-store');
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.body = document.bytes;
        return undefined;
      },
    }),
  ];
}
