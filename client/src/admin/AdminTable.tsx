/** The table of the Users and KYC Submissions tabs: a row of column headings over the rows it is given, scrolling sideways in its box. */
import type { ComponentProps } from 'react';
import DataTable from '../components/DataTable';

export default function AdminTable(props: Omit<ComponentProps<typeof DataTable>, 'className'>) {
  return (
    <div className="table-wrap">
      <DataTable {...props} />
    </div>
  );
}
