import { buttonVariants } from '@web/components/ui/button-variants';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

/** Last line of defence for a page that throws while rendering or a chunk that fails to load. */
export function RouteErrorPage({ error }: { error: unknown }) {
  // After a new deploy the old page's chunks are gone; a reload picks up the new build.
  const stale = isChunkLoadError(error);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold">{stale ? 'A new version is available' : 'Something went wrong'}</h1>
      <p className="text-muted-foreground">
        {stale
          ? 'Part of the page could not be loaded. Reload to get the latest version.'
          : 'An unexpected error occurred while showing this page. Please try again.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload page
        </button>
        {/* A full load, so a broken in-memory state cannot follow the person home. */}
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          Go Home
        </a>
      </div>
    </div>
  );
}
