/** Admin's KYC Submissions tab: every submission; its document dialog takes the decision. */
import { useState } from 'react';
import { adminApi } from '../api/endpoints';
import type { KycSubmission } from '../api/types';
import StatusBadge from '../components/StatusBadge';
import { documentTypeName } from '../documents';
import { dateTime } from '../format';
import AdminTable from './AdminTable';
import { decideWith, type QueueDecisions } from './decisions';
import DocumentDialog from './DocumentDialog';
import type { Act } from './useAdminData';

const KYC_DECISIONS: QueueDecisions = {
  approve: { call: adminApi.approveKyc, success: 'KYC approved', failure: 'Failed to approve KYC' },
  reject: { call: adminApi.rejectKyc, success: 'KYC rejected', failure: 'Failed to reject KYC' },
};

export default function KycTab({ submissions, act }: { submissions: KycSubmission[]; act: Act }) {
  const [viewing, setViewing] = useState<KycSubmission | null>(null);
  if (submissions.length === 0) return <div className="empty">No KYC submissions yet</div>;
  const decide = decideWith(act, KYC_DECISIONS);
  return (
    <>
      <AdminTable columns={['Name', 'Email', 'Document', 'Submitted', 'Status', 'Action']} rightAligned={['Action']}>
        {submissions.map((k) => (
          <tr key={k.id}>
            <td>{k.user?.full_name}</td>
            <td className="muted">{k.user?.email}</td>
            <td>{documentTypeName(k.document_type)}</td>
            <td className="muted">{dateTime(k.submitted_at)}</td>
            <td>
              <StatusBadge status={k.status} />
            </td>
            <td className="right">
              <button type="button" className="btn btn-sm" onClick={() => setViewing(k)}>
                View Document
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
      {viewing && (
        <DocumentDialog
          submission={viewing}
          onClose={() => setViewing(null)}
          onDecide={(decision, notes) => decide(viewing.id, decision, notes)}
        />
      )}
    </>
  );
}
