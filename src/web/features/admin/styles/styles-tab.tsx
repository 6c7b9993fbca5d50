import { Link } from 'react-router';
import { Pencil, Plus } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useAdminStyles } from '../api/admin-api';
import { TabError } from './tab-error';
import { AdminTable } from '@web/components/admin/admin-table';
import { Td, Tr } from '@web/components/ui/table';

export function StylesTab() {
  const styles = useAdminStyles();
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button asChild>
          <Link to="/admin/preset-styles/create">
            <Plus aria-hidden="true" />
            Create Style
          </Link>
        </Button>
      </div>
      {styles.isError ? (
        <TabError
          title="Failed to load preset styles"
          error={styles.error}
          onRetry={() => void styles.refetch()}
        />
      ) : (
        <AdminTable
          columns={[
            'ID',
            'Name',
            'Description',
            'Token Cost',
            'Status',
            'NSFW',
            { key: 'actions', header: 'Actions', className: 'text-right' },
          ]}
          rows={styles.data ?? []}
          loading={styles.isPending}
          empty="No preset styles yet."
        >
          {(s) => (
            <Tr key={s.id} data-testid="admin-style-row">
              <Td className="font-mono text-xs text-muted-foreground" title={s.id}>
                {s.id.slice(0, 8)}
              </Td>
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
                <Button variant="ghost" size="sm" asChild>
                  <Link to={`/admin/preset-styles/edit/${s.id}`} aria-label={`Edit ${s.name}`}>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Link>
                </Button>
              </Td>
            </Tr>
          )}
        </AdminTable>
      )}
    </div>
  );
}
