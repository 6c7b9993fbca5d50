/**
 * Makes the browser report `languages` (navigator.languages / navigator.language) until the returned
 * function is called, as a visitor whose browser is set to another language would.
 */
export function setBrowserLanguages(languages: string[]): () => void {
  Object.defineProperty(navigator, 'languages', { value: Object.freeze([...languages]), configurable: true });
  Object.defineProperty(navigator, 'language', { value: languages[0], configurable: true });
  return () => {
    // the own properties shadowed jsdom's getters on Navigator.prototype
    delete (navigator as { languages?: unknown }).languages;
    delete (navigator as { language?: unknown }).language;
  };
}
