import { Download, Info } from 'lucide-react';
import type { GeneratedImageView } from '@shared/schemas/generation';
import { isHd } from '@web/components/generated-image/download';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Td, Tr } from '@web/components/ui/table';
import { formatDateTime } from '@web/lib/format';
import { AdminTable } from '../../shared/admin-table';
import type { ImageActions } from './admin-image-grid';

const COLUMNS = ['Image', 'User', 'Prompt', 'Model / Style', 'Size', 'Tokens', 'Created', 'Actions'];

/** The Detailed View: one row per image with its prompt, model, size and cost. */
export function AdminImageTable({ images, ...act }: { images: GeneratedImageView[] } & ImageActions) {
  return (
    <AdminTable columns={COLUMNS} rows={images} empty="No images found." className="min-w-[720px]">
      {(img, i) => (
        <Tr key={img.id} className="align-top">
          <Td>
            <button type="button" onClick={() => act.onOpen(i)} aria-label="Open image">
              <img src={img.thumbnailUrl} alt="" loading="lazy" className="size-14 rounded object-cover" />
            </button>
          </Td>
          <Td>{img.username ?? 'Unknown user'}</Td>
          <Td className="max-w-xs">
            <span className="line-clamp-3">{img.prompt || 'No prompt data available'}</span>
          </Td>
          <Td>
            {img.modelName || 'None'} / {img.styleName || 'Custom'}
            <div className="text-xs text-muted-foreground">{img.baseModelName || 'Default'}</div>
          </Td>
          <Td className="whitespace-nowrap">
            {img.width}×{img.height} {isHd(img.width, img.height) ? <Badge className="ml-1">HD</Badge> : null}
            {img.isNSFW ? (
              <Badge variant="red" className="ml-1">
                NSFW
              </Badge>
            ) : null}
          </Td>
          <Td className="tabular-nums">{img.tokensUsed}</Td>
          <Td className="whitespace-nowrap">{formatDateTime(img.createdAt)}</Td>
          <Td>
            <div className="flex gap-1">
              <Button
                size="icon-sm"
                variant="ghost"
                onClick={() => act.onDownload(img)}
                aria-label="Download"
              >
                <Download />
              </Button>
              <Button size="icon-sm" variant="ghost" onClick={() => act.onDetails(img)} aria-label="Details">
                <Info />
              </Button>
            </div>
          </Td>
        </Tr>
      )}
    </AdminTable>
  );
}
