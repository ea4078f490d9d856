import type { ApiKey } from '@proxai/contract';
import type { Permission } from '@proxai/contract/permissions';
import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatDateTime } from '@/lib/format-instant';
import { isPast } from '../expiry';
import { inMapOrder } from '../scopes';

/** Scopes shown by name before the rest is counted. */
const SHOWN_SCOPES = 3;

/** A key's permissions: the first few by name, then how many more; screen readers hear them all. */
function ScopeSummary({ scopes }: { scopes: Permission[] }) {
  const { t } = useTranslation('api-keys');
  const names = inMapOrder(scopes).map((p) => t(`scopeNames.${p}`));
  const rest = names.slice(SHOWN_SCOPES);
  return (
    <>
      <span className="sr-only">{names.join(', ')}</span>
      <span className="flex flex-wrap gap-1" aria-hidden="true">
        {names.slice(0, SHOWN_SCOPES).map((name) => (
          <span key={name} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
            {name}
          </span>
        ))}
        {rest.length > 0 ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800" title={rest.join(', ')}>
            {t('list.moreScopes', { number: rest.length })}
          </span>
        ) : null}
      </span>
    </>
  );
}

function StatusBadge({ tone, label, testId }: { tone: 'revoked' | 'expired'; label: string; testId: string }) {
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        tone === 'revoked'
          ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300'
          : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-300',
      )}
      data-testid={testId}
    >
      {label}
    </span>
  );
}

/**
 * One key: its name and prefix (and whether it is revoked or expired), its permissions, the hosts and tags it is
 * narrowed to, who created it and when, until when it works, when and from where it was last used, and revoking
 * it for those who may.
 */
export function ApiKeyRow({
  apiKey,
  hostNames,
  isRevocable,
  onRevoke,
  now,
}: {
  apiKey: ApiKey;
  /** Host id → name, for the host scope (a host since deleted is named so). */
  hostNames: ReadonlyMap<string, string>;
  isRevocable: boolean;
  onRevoke: () => void;
  now: number;
}) {
  const { t, i18n } = useTranslation('api-keys');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const isRevoked = apiKey.revoked_at !== null;
  const isExpired = !isRevoked && isPast(apiKey.expires_at, now);
  const hosts = apiKey.host_ids?.map((id) => hostNames.get(id) ?? t('list.unknownHost'));

  return (
    <tr
      className={cn('border-b border-slate-100 align-top last:border-b-0 dark:border-slate-800', isRevoked && 'opacity-75')}
      data-testid="api-key-row"
    >
      <th scope="row" className="px-4 py-3 text-start font-normal">
        <span className="flex flex-wrap items-center gap-2">
          <KeyRound className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="font-medium">{apiKey.name}</span>
          {isRevoked ? <StatusBadge tone="revoked" label={t('list.revoked')} testId="api-key-revoked" /> : null}
          {isExpired ? <StatusBadge tone="expired" label={t('list.expired')} testId="api-key-expired" /> : null}
        </span>
        <code className="mt-1 block font-mono text-xs text-slate-600 dark:text-slate-400" dir="ltr" data-testid="api-key-prefix">
          {apiKey.prefix}
        </code>
        {isRevoked ? (
          <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
            {t('list.revokedOn', { time: formatDateTime(apiKey.revoked_at, language) })}
          </span>
        ) : null}
      </th>
      <td className="px-4 py-3" data-testid="api-key-scopes">
        <ScopeSummary scopes={apiKey.scopes} />
      </td>
      <td className="px-4 py-3 text-sm" data-testid="api-key-reach">
        {!hosts && !apiKey.tags ? t('list.allHosts') : null}
        {hosts ? <span className="block">{t('list.hosts', { names: hosts.join(', ') })}</span> : null}
        {apiKey.tags ? <span className="block">{t('list.tags', { names: apiKey.tags.join(', ') })}</span> : null}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-sm" data-testid="api-key-created">
        {formatDateTime(apiKey.created_at, language)}
        <span className="block text-xs text-slate-600 dark:text-slate-400">
          {t('list.createdBy', { email: apiKey.created_by ?? t('list.formerMember') })}
        </span>
      </td>
      <td
        className={cn('whitespace-nowrap px-4 py-3 text-sm', isExpired && 'font-medium text-amber-800 dark:text-amber-300')}
        data-testid="api-key-expires"
      >
        {formatDateTime(apiKey.expires_at, language)}
      </td>
      <td className="whitespace-nowrap px-4 py-3 text-sm" data-testid="api-key-last-used">
        {apiKey.last_used_at ? (
          <>
            {formatDateTime(apiKey.last_used_at, language)}
            {apiKey.last_used_ip ? (
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {/* The address isolated (FSI … PDI): an IPv6 stays in order inside a right-to-left sentence. */}
                {t('list.usedFrom', { ip: `\u2068${apiKey.last_used_ip}\u2069` })}
              </span>
            ) : null}
          </>
        ) : (
          t('list.never')
        )}
      </td>
      <td className="px-4 py-3 text-end">
        {isRevocable ? (
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 dark:text-red-400"
            onClick={onRevoke}
            aria-label={t('list.revokeNamed', { name: apiKey.name })}
            aria-haspopup="dialog"
            data-testid="api-key-revoke"
          >
            {t('list.revoke')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
