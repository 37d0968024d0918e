import { z } from 'zod';
import { decisionInput, recordId, type Decision } from '../back-office/decision-inputs';
import { decisionListQuery } from '../back-office/list-query';
import { userRefSchema } from '../back-office/user-refs';
import { route } from '../http/route';
import { kycSubmission } from './kyc.schemas';
import type { KycService } from './kyc.service';

const submission = z.object({
  id: z.uuid(),
  document_type: z.string(),
  status: z.string(),
  submitted_at: z.string(),
  admin_notes: z.string().nullable(),
});
const adminSubmission = submission.extend({ document_url: z.string(), user: userRefSchema.nullable() });

export function kycRoutes(kyc: KycService) {
  const decide = (decision: Decision) =>
    route({
      method: 'post',
      path: `/admin/kyc/${decision}`,
      summary: `${decision === 'approve' ? 'Approve' : 'Reject'} a pending KYC submission`,
      tags: ['admin', 'kyc'],
      access: 'admin',
      input: decisionInput('kyc_id'),
      response: adminSubmission,
      handler: ({ input, user: admin }) => kyc.decide(input.id, decision, admin.id, input.notes),
    });
  return [
    route({
      method: 'post',
      path: '/kyc/submit',
      summary: 'Submit an identity document (base64 JPEG, PNG, WebP or PDF, at most 10 MB)',
      tags: ['kyc'],
      access: 'trader',
      input: kycSubmission,
      response: submission,
      handler: ({ input, user: trader }) => kyc.submit(trader.id, input.document_type, input.document_data),
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
      path: '/admin/kyc',
      summary: 'KYC submissions, newest first',
      tags: ['admin', 'kyc'],
      access: 'admin',
      query: decisionListQuery,
      response: z.array(adminSubmission),
      handler: ({ query }) => kyc.list(query),
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
    decide('approve'),
    decide('reject'),
  ];
}
