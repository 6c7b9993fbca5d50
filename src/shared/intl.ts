// Intl's formatters are costly to build (the first one of a page makes ICU load the locale's data) and
// cheap to use, so each is built once per locale and options and kept for the life of the process or
// page. The options objects are the callers' constants, so the set of keys stays small.
const formatters = new Map<string, unknown>();

function cached<T>(kind: string, locale: string, options: object, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (formatter === undefined) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options));
}

export function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached('relative', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

export function listFormat(locale: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return cached('list', locale, options, () => new Intl.ListFormat(locale, options));
}

/** The language the server writes its stored texts in (ledger lines, notifications, mail). */
export const SERVER_LOCALE = 'en-US';

// Spec part 1 §9: money is kept in cents and shown in US dollars, whatever the language.
const USD: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD' };
const USD_THREE: Intl.NumberFormatOptions = { ...USD, minimumFractionDigits: 3, maximumFractionDigits: 3 };

/**
 * Cents as US dollars: "$1,234.56" (en-US), "1.234,56 $" (de-DE); `whole` rounds to dollars. A
 * payment's own `currency` (an ISO 4217 code, as Stripe reports it) replaces the dollar sign.
 */
export function formatUsd(cents: number, locale: string, whole = false, currency = 'USD'): string {
  const code = /^[a-z]{3}$/i.test(currency) ? currency.toUpperCase() : 'USD';
  const options: Intl.NumberFormatOptions = whole
    ? { style: 'currency', currency: code, minimumFractionDigits: 0, maximumFractionDigits: 0 }
    : { style: 'currency', currency: code };
  return numberFormat(locale, options).format(cents / 100);
}

/**
 * The unit price that compares packages: a token costs about a cent, so "$0.01 per token" said the same
 * of every package. Per 100 tokens, with a third decimal when the cents alone would hide a difference.
 */
export function pricePerHundredTokens(priceInCents: number, tokenAmount: number, locale: string): string {
  if (tokenAmount <= 0) return `${formatUsd(0, locale)} per 100 tokens`;
  const dollars = priceInCents / tokenAmount; // per 100 tokens: cents per token = dollars per 100
  const exact = Math.round(dollars * 100) === dollars * 100;
  return `${numberFormat(locale, exact ? USD : USD_THREE).format(dollars)} per 100 tokens`;
}

/** A whole number with the locale's grouping: "1,010" (en-US), "1.010" (de-DE). */
export function formatCount(value: number, locale: string): string {
  return numberFormat(locale).format(value);
}

const UTC_MOMENT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
};

/**
 * A moment in a text the server writes for someone whose zone it does not know (mail): "December 4,
 * 2026 at 3:21 AM UTC", the zone named.
 */
export function formatUtcMoment(date: Date, locale: string = SERVER_LOCALE): string {
  return dateTimeFormat(locale, UTC_MOMENT).format(date);
}
