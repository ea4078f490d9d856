import type { Db } from '../../db/client';
import { AppError, errorText } from '../../errors';
import { insertSubscriber } from './newsletter.repository';

/** Subscribes an address (already lower-cased by the contract); a second subscription is a 409. */
export async function subscribe(db: Db, email: string, language: string | undefined): Promise<void> {
  const isNew = await insertSubscriber(db, email, language);
  if (!isNew) throw new AppError('already_subscribed', errorText('newsletter.alreadySubscribed'));
}
