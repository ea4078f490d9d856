import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { creatorRoles } from '../api-key-access';

/**
 * Said to someone whose role may not create keys (the map's api_keys.create), naming the roles that may: the list is
 * then read-only (`cannotCreate`), or refused by the server altogether (`cannotSee`).
 */
export function RoleNote({ reason }: { reason: 'cannotCreate' | 'cannotSee' }) {
  const { t } = useTranslation('api-keys');
  const roles = creatorRoles()
    .map((role) => t(`roles.${role}`))
    .join(', ');
  return (
    <p
      role="note"
      className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="api-keys-role-note"
    >
      <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      {t(`role.${reason}`, { roles })}
    </p>
  );
}
