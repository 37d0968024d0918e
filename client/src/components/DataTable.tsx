/** A table of a list: a row of column headings over the rows it is given. */
import type { ReactNode } from 'react';

export default function DataTable({
  columns,
  rightAligned = [],
  className = 'table',
  children,
}: {
  columns: string[];
  /** Headings whose column is right-aligned (amounts and actions). */
  rightAligned?: string[];
  /** 'table', or 'dense-table' for the trading screens' tight rows. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className}>
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
  );
}
