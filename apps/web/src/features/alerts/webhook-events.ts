import type { DomainEventDomain, WebhookEventType } from '@proxai/contract';

// The domain events an organisation's generic webhook can subscribe to (contract notifications.ts
// WEBHOOK_EVENT_TYPES), grouped by domain for the form. Written out rather than imported at runtime (the contract
// carries zod); the compiler refuses this list while a type of the contract is missing from it.

interface EventGroup {
  domain: DomainEventDomain;
  types: readonly WebhookEventType[];
}
type Missing<G extends readonly EventGroup[]> = Exclude<WebhookEventType, G[number]['types'][number]>;
const complete = <const G extends readonly EventGroup[]>(
  groups: G & ([Missing<G>] extends [never] ? unknown : { missing: Missing<G> }),
): G => groups;

export const WEBHOOK_EVENT_GROUPS = complete([
  { domain: 'host', types: ['host.added', 'host.removed', 'host.updated', 'host.online', 'host.offline', 'host.synced'] },
  { domain: 'guest', types: ['guest.appeared', 'guest.gone', 'guest.state_changed'] },
  { domain: 'task', types: ['task.created', 'task.progress', 'task.ended'] },
  { domain: 'schedule', types: ['schedule.fired', 'schedule.skipped', 'schedule.changed'] },
  { domain: 'alert', types: ['alert.acknowledged'] },
  { domain: 'backup', types: ['backup.completed', 'backup.failed'] },
  { domain: 'restore_test', types: ['restore_test.ended', 'restore_test.leftover'] },
  { domain: 'member', types: ['member.invited', 'member.joined', 'member.role_changed', 'member.removed'] },
  { domain: 'api_key', types: ['api_key.created', 'api_key.revoked'] },
  { domain: 'licence', types: ['licence.generated', 'licence.revoked'] },
]);

/** Every subscribable type, in the form's order (what is sent, so the same choice always reads the same). */
export const WEBHOOK_EVENTS: readonly WebhookEventType[] = WEBHOOK_EVENT_GROUPS.flatMap((g) => g.types);

/** Only an organisation's generic webhooks subscribe to domain events; every channel gets alerts. */
export const takesEvents = (channel: { type: string; owner: string }) =>
  channel.type === 'webhook' && channel.owner === 'organisation';
