import { z } from 'zod';
import { AppError, errorText } from '../errors';

// Keyset pagination over (time, id), newest first: tasks, backups, restore tests, alerts, delivery logs. The cursor
// is the position after a page's last row, opaque to clients: base64url of `time|id`. A crafted one is a 400, never
// a value the database refuses (a non-UUID id or a year PostgreSQL cannot store answered 500 before).

const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(10000, 0, 1);
const Uuid = z.uuid();

export const timeCursorOf = (at: Date, id: string): string => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

export function parseTimeCursor(cursor: string): { at: Date; id: string } {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at);
  const time = date.getTime();
  if (rest.length > 0 || !(time >= EARLIEST && time < LATEST) || !Uuid.safeParse(id).success) {
    throw new AppError('bad_request', errorText('request.invalidCursor'));
  }
  return { at: date, id };
}
