/** Small render helpers shared by `<kyi-watchlist>`, `<kyi-change-feed>` and `<kyi-notifications>`. */

/** A timestamp as a short local date and time; the raw value when it does not parse. */
export function formatDate(value: string | null | undefined, lang: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** A before/after value as text (objects as compact JSON). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
