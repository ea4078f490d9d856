import { table } from './catalogue';

/**
 * An alert's one-line wording in a notification, by kind: locales/<lng>/alert-lines.json, the web app's
 * alerts.json `line` and `lineWithout` (collector_stale counts with `count` where the web has `value`), read as a
 * table (catalogue.ts `table`). notification-texts.test.ts keeps the two the same.
 */
export const ALERT_LINE_TEXTS = table('alert-lines');
