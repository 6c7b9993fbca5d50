import { Link } from 'react-router';
import { Pencil, Plus } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useAdminStyles } from '../api/admin-api';
import { TabError } from './tab-error';
import { TBody, THead, Table, Td, Th, Tr, SkeletonRows } from '@web/components/ui/table';

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
        <Table>
          <THead>
            <Tr>
              <Th>ID</Th>
              <Th>Name</Th>
              <Th>Description</Th>
              <Th>Token Cost</Th>
              <Th>Status</Th>
              <Th>NSFW</Th>
              <Th className="text-right">Actions</Th>
            </Tr>
          </THead>
          <TBody>
            {styles.isPending ? (
              <SkeletonRows rows={4} columns={7} />
            ) : (
              styles.data.map((s) => (
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
                    <Badge variant={s.isActive ? 'green' : 'gray'}>
                      {s.isActive ? 'Active' : 'Inactive'}
                    </Badge>
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
              ))
            )}
            {styles.isSuccess && styles.data.length === 0 ? (
              <Tr>
                <Td colSpan={7} className="py-8 text-center text-muted-foreground">
                  No preset styles yet.
                </Td>
              </Tr>
            ) : null}
          </TBody>
        </Table>
      )}
    </div>
  );
}
