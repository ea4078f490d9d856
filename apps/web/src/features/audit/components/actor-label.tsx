import type { AuditActor, AuditActorType } from '@proxai/contract';
import { CalendarClock, KeyRound, Server, User, type LucideIcon } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const ICONS: Record<AuditActorType, LucideIcon> = { user: User, api_key: KeyRound, schedule: CalendarClock, system: Server };

/** The actor's name: a person's e-mail, a key's or a schedule's name, 'ProxAI'; a person not identified says so. */
export function actorName(actor: AuditActor, t: TFunction<'audit'>): string {
  return actor.name ?? (actor.type === 'user' ? t('actor.unknown') : t(`actor.kind.${actor.type}`));
}

/** The actor's kind in words (for the CSV, the detail and screen readers). */
export const actorKind = (actor: AuditActor, t: TFunction<'audit'>): string => t(`actor.kind.${actor.type}`);

/**
 * Who did it: an icon of their kind, the kind in words ("API key", "Schedule", "System"; a person's only for
 * screen readers, people being most of the trail), then the name.
 */
export function ActorLabel({ actor }: { actor: AuditActor }) {
  const { t } = useTranslation('audit');
  const Icon = ICONS[actor.type];
  const name = actorName(actor, t);
  return (
    <span className="inline-flex min-w-0 max-w-full items-center gap-1.5" data-testid="audit-actor" data-actor-type={actor.type}>
      <Icon className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
      {actor.type === 'user' ? (
        <span className="sr-only">{actorKind(actor, t)} </span>
      ) : (
        <span
          className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300"
          data-testid="audit-actor-kind"
        >
          {actorKind(actor, t)}
        </span>
      )}
      <span className={actor.name === null ? 'truncate italic text-slate-500 dark:text-slate-400' : 'truncate'} title={name}>
        {name}
      </span>
    </span>
  );
}
