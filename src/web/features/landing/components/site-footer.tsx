import { Link } from 'react-router';

const linkClass =
  'rounded-sm outline-none hover:text-foreground hover:underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-ring';

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6">
        <p>© {new Date().getFullYear()} LoRA Studio. All rights reserved.</p>
        <nav aria-label="Legal" className="flex gap-5">
          <Link to="/terms" className={linkClass}>
            Terms
          </Link>
          <Link to="/privacy" className={linkClass}>
            Privacy
          </Link>
          <Link to="/contact" className={linkClass}>
            Contact
          </Link>
        </nav>
      </div>
    </footer>
  );
}
