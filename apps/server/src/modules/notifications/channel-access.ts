import { notFound } from '../../errors';
import { authorize } from '../../access/authorize';
import { channelWithinKey, scopeOf } from '../api-keys/key-scope';
import type { Language, NotificationScope } from '@proxai/contract';
import type { NotifyDeps } from './delivery';
import { findChannel, type ChannelRow } from './notifications.repository';
import { type AuthUser } from '../../kernel/principal';

/**
 * Who sees and changes a channel. The organisation's channels: every member reads them, owners and admins change,
 * test and replay them. A personal channel (`user_id` set): only its owner, whatever their role; to anyone else it
 * does not exist (404, as an unknown id), admins included, since it may carry a person's private push topic. An API
 * key limited to some hosts or tags sees only the channels whose scope lies within its own (key-scope.ts).
 */

export interface NotifyContext {
  user: AuthUser;
  organisationId: string;
  /** The reader's language (Accept-Language): the delivery log is written in it. */
  language?: Language;
}

/** Whether this principal sees the channel (of its organisation). */
export function seesChannel(ctx: NotifyContext, row: Pick<ChannelRow, 'userId' | 'scope'>): boolean {
  if (row.userId !== null && row.userId !== ctx.user.id) return false;
  const keyScope = scopeOf(ctx.user);
  return !keyScope || channelWithinKey(keyScope, row.scope as NotificationScope);
}

/** The channel if this principal may see it. */
export async function visibleChannel(deps: NotifyDeps, ctx: NotifyContext, id: string): Promise<ChannelRow | undefined> {
  const row = await findChannel(deps.db, ctx.organisationId, id);
  return row && seesChannel(ctx, row) ? row : undefined;
}

export async function channelOf(deps: NotifyDeps, ctx: NotifyContext, id: string): Promise<ChannelRow> {
  const row = await visibleChannel(deps, ctx, id);
  if (!row) throw notFound('notificationChannel');
  return row;
}

/** Refuses a change unless the channel is the person's own, or theirs to manage (admin or owner). */
export function requireManage(ctx: NotifyContext, channel: Pick<ChannelRow, 'userId'> | null): void {
  if (channel?.userId && channel.userId === ctx.user.id) return;
  authorize(ctx.user, 'notifications.manage');
}
