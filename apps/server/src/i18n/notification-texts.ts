import { table } from './catalogue';

/**
 * Texts of the notifications (e-mail, Slack, Discord, Teams, ntfy, Gotify) around an alert's line, written in each
 * channel's language: locales/<lng>/notifications.json read as a table (catalogue.ts `table`). The severity labels
 * are the web app's (notification-texts.test.ts keeps them the same).
 */
export const NOTIFICATION_TEXTS = table('notifications');
