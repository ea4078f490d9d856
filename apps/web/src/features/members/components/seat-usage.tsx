import { useTranslation } from 'react-i18next';

/**
 * "Members: 3 of 5" against the plan's limit (nothing without a limit), and the pending invitations, which count
 * toward it, when the person sees them.
 */
export function SeatUsage({ members, maxUsers, pending }: { members: number; maxUsers: number | null; pending?: number }) {
  const { t } = useTranslation('members');
  if (maxUsers === null) return null;
  const isFull = members + (pending ?? 0) >= maxUsers;
  return (
    <p className="text-sm" role="status" data-testid="seat-usage">
      <span className={isFull ? 'font-semibold text-amber-700 dark:text-amber-400' : 'font-semibold'}>
        {t('seats.used', { used: members, max: maxUsers })}
      </span>
      {pending ? <span className="text-slate-600 dark:text-slate-400"> · {t('seats.pending', { n: pending })}</span> : null}
    </p>
  );
}
