import { Link } from 'react-router';

/**
 * The balance does not cover what is about to be asked for: said before the click, in the
 * destructive text colour, with the way to the tokens page (the generator, a pack's dialog).
 */
export function ShortOfTokensNote({ text, linkText }: { text: string; linkText?: string }) {
  return (
    <p className="text-sm text-destructive-text" role="note">
      {text}
      {linkText ? (
        <>
          {' '}
          <Link to="/tokens/purchase" className="font-medium underline">
            {linkText}
          </Link>
        </>
      ) : null}
    </p>
  );
}
