import { Link } from 'react-router';
import { OptionSelect } from '@web/components/ui/select';
import { Label } from '@web/components/ui/label';
import { formatDate } from '@web/lib/format';
import { useGalleryAlbums } from '../api/gallery-api';

/** Photo-pack albums (decision 038): shown only once the user has bought a pack. */
export function AlbumFilter({ value, onChange }: { value: string; onChange: (album: string) => void }) {
  const albums = useGalleryAlbums();
  const list = albums.data?.batches ?? [];
  if (list.length === 0 && value === 'all') return null;
  const options = [
    { value: 'all', label: 'All images' },
    ...list.map((b) => ({ value: b.id, label: `${b.packName} pack, ${formatDate(b.createdAt)}` })),
  ];
  if (value !== 'all' && !list.some((b) => b.id === value)) options.push({ value, label: 'This album' });
  return (
    <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
      <Label htmlFor="gallery-album">Album</Label>
      <OptionSelect
        id="gallery-album"
        value={value}
        onValueChange={onChange}
        options={options}
        className="sm:w-72"
      />
      {value !== 'all' ? (
        // the album's own results page, with "Download all" (issue 45 N5)
        <Link to={`/gallery/albums/${value}`} className="text-sm font-medium text-primary-text underline">
          Open the album page
        </Link>
      ) : null}
    </div>
  );
}
