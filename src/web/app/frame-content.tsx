import { PageHeader } from '@web/components/ui/page-header';
import { FullPageSpinner } from '@web/components/ui/spinner';
import type { AppRoute } from './routes';

/**
 * What a signed-in page shows before it is drawn: its heading where the page draws it, and a spinner.
 * The server sends it inside the shell as the page's HTML (entry-server.tsx `renderFrame`), and the app
 * draws it again in its first render, so the heading stays put until the page replaces it
 * (docs/decisions/043-signed-in-page-frames.md).
 */
export function FrameContent({ frame }: { frame: NonNullable<AppRoute['frame']> }) {
  return (
    <div className={frame.column} data-frame-content="">
      <PageHeader {...frame.header} />
      <FullPageSpinner />
    </div>
  );
}
