// How an alert's value and threshold read in a language, the same in the web app and in notifications (no zod:
// the web app imports this at runtime through `@proxai/contract/alert-quantities`).

export type QuantityUnit = 'second' | 'minute' | 'hour' | 'day';
/** A number in a language: "93 %", "2 Minuten". */
export type QuantityFormat = (language: string, value: number) => string;

const formats = new Map<string, Intl.NumberFormat>();

/** A number format of `language` in `style` (a unit, or percent), one decimal at most; made once per pair. */
function formatOf(language: string, style: QuantityUnit | 'percent'): Intl.NumberFormat {
  const id = `${language}:${style}`;
  let format = formats.get(id);
  if (!format) {
    const options: Intl.NumberFormatOptions =
      style === 'percent' ? { style: 'percent' } : { style: 'unit', unit: style, unitDisplay: 'long' };
    format = new Intl.NumberFormat(language, { ...options, maximumFractionDigits: 1 });
    formats.set(id, format);
  }
  return format;
}

/** "2 minutes", "2 Minuten", "دقيقتان": a quantity of `unit` in `language`, its plural included. */
export const inUnit =
  (unit: QuantityUnit): QuantityFormat =>
  (language, value) =>
    formatOf(language, unit).format(value);

/** "93 %", "93.5%": a percentage (0–100) in `language`. */
export const percent: QuantityFormat = (language, value) => formatOf(language, 'percent').format(value / 100);

/** A duration in seconds: in seconds below two minutes, then in minutes, then in hours (one decimal at most). */
export const duration: QuantityFormat = (language, seconds) => {
  if (seconds < 120) return inUnit('second')(language, Math.round(seconds));
  if (seconds < 7200) return inUnit('minute')(language, seconds / 60);
  return inUnit('hour')(language, seconds / 3600);
};
