import { Pencil, Plus } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { ButtonLink } from '@web/components/ui/button-link';
import { Td, Tr } from '@web/components/ui/table';
import { failureOf } from '../shared/admin-list';
import { ACTIONS_COLUMN, AdminTable, IdCell } from '../shared/admin-table';
import { useAdminStyles } from './api/styles-api';

const COLUMNS = ['ID', 'Name', 'Description', 'Token Cost', 'Status', 'NSFW', ACTIONS_COLUMN];

export function StylesTab() {
  const styles = useAdminStyles();
  return (
    <AdminTable
      filters={
        <div className="flex justify-end">
          <ButtonLink to="/admin/preset-styles/create" icon={Plus}>
            Create Style
          </ButtonLink>
        </div>
      }
      failure={failureOf(styles, 'Failed to load preset styles')}
      columns={COLUMNS}
      rows={styles.data ?? []}
      loading={styles.isPending}
      empty="No preset styles yet."
    >
      {(s) => (
        <Tr key={s.id} data-testid="admin-style-row">
          <IdCell id={s.id} />
          <Td className="font-medium">{s.name}</Td>
          <Td className="max-w-72 truncate" title={s.description}>
            {s.description}
          </Td>
          <Td>{s.tokenCost}</Td>
          <Td>
            <Badge variant={s.isActive ? 'green' : 'gray'}>{s.isActive ? 'Active' : 'Inactive'}</Badge>
          </Td>
          <Td>{s.isNSFW ? <Badge variant="red">18+</Badge> : 'No'}</Td>
          <Td className="text-right">
            <ButtonLink
              variant="ghost"
              size="sm"
              to={`/admin/preset-styles/edit/${s.id}`}
              aria-label={`Edit ${s.name}`}
              icon={Pencil}
            >
              Edit
            </ButtonLink>
          </Td>
        </Tr>
      )}
    </AdminTable>
  );
}
