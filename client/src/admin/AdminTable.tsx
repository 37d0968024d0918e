/** The table of the Users and KYC Submissions tabs: a row of column headings over the rows it is given. */
import type { ReactNode } from 'react';

export default function AdminTable({
  columns,
  rightAligned = [],
  children,
}: {
  columns: string[];
  /** Headings whose column is right-aligned (amounts and actions). */
  rightAligned?: string[];
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} className={rightAligned.includes(column) ? 'right' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
