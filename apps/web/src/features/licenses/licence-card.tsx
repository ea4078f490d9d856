import { AlertTriangle, Check, Download, ShieldOff, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Licence } from '@proxai/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { daysLeft, expiryTone, featureLabel, firstFeatures, formatLimit, isLicenceActive, truncateId } from './licence-status';

const LIMITS = [
  ['max_hosts', 'hosts'],
  ['max_vms', 'vms'],
  ['max_users', 'users'],
  ['max_storage_gb', 'storage'],
] as const;

export interface LicenceCardProps {
  licence: Licence;
  canRevoke: boolean;
  isRevoking: boolean;
  onDownload: (licence: Licence) => void;
  onRevoke: (licence: Licence) => void;
}

export function LicenceCard({ licence, canRevoke, isRevoking, onDownload, onRevoke }: LicenceCardProps) {
  const { t, i18n } = useTranslation('licenses');
  const now = new Date();
  const active = isLicenceActive(licence, now);
  const tone = expiryTone(licence.expires_at, now);
  const formatDate = (iso: string) => new Date(iso).toLocaleDateString(i18n.resolvedLanguage ?? 'fr', { dateStyle: 'medium' });
  const titleId = `licence-${licence.id}`;

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="licence-card"
      data-licence-id={licence.id}
      className="flex flex-col gap-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="truncate font-mono text-sm font-semibold" title={licence.id}>
            {/* Ids read left to right in Arabic too. */}
            <bdi dir="ltr">{truncateId(licence.id)}</bdi>
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t(`plans.${licence.plan_type}`)}</p>
        </div>
        <span
          data-testid="licence-status"
          className={cn(
            'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
            active
              ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-300'
              : 'bg-slate-200 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
          )}
        >
          {active ? t('card.active') : t('card.inactive')}
        </span>
      </div>

      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('card.issued')}</dt>
          <dd>{formatDate(licence.issued_at)}</dd>
        </div>
        <div>
          <dt className="text-slate-500 dark:text-slate-400">{t('card.expires')}</dt>
          <dd
            data-testid="licence-expiry"
            data-tone={tone}
            className={cn(
              'inline-flex items-center gap-1',
              tone === 'expired' && 'font-medium text-red-600 dark:text-red-400',
              tone === 'soon' && 'font-medium text-orange-600 dark:text-orange-400',
            )}
          >
            {tone === 'soon' && <AlertTriangle className="h-4 w-4" aria-hidden="true" />}
            {formatDate(licence.expires_at)}
            {tone === 'soon' && (
              <span className="sr-only">{t('card.expiringSoon', { days: Math.ceil(daysLeft(licence.expires_at, now)) })}</span>
            )}
            {tone === 'expired' && <span className="sr-only">{t('card.expired')}</span>}
          </dd>
        </div>
      </dl>
      {tone === 'soon' && (
        <p className="-mt-2 text-xs text-orange-600 dark:text-orange-400" aria-hidden="true">
          {t('card.expiringSoon', { days: Math.ceil(daysLeft(licence.expires_at, now)) })}
        </p>
      )}
      {licence.revoke_reason && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('card.revokedReason', { reason: licence.revoke_reason })}</p>
      )}

      <div>
        <h4 className="mb-1 text-sm font-medium">{t('card.features')}</h4>
        <ul className="space-y-1 text-sm" data-testid="licence-features">
          {firstFeatures(licence.features).map(([feature, enabled]) => (
            <li key={feature} className={cn('flex items-center gap-2', !enabled && 'text-slate-400 dark:text-slate-500')}>
              {enabled ? (
                <Check className="h-4 w-4 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
              ) : (
                <X className="h-4 w-4" aria-hidden="true" />
              )}
              <span>{featureLabel(feature)}</span>
              <span className="sr-only">({enabled ? t('card.enabled') : t('card.disabled')})</span>
            </li>
          ))}
        </ul>
      </div>

      <div>
        <h4 className="mb-1 text-sm font-medium">{t('card.limits')}</h4>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="licence-limits">
          {LIMITS.map(([field, label]) => (
            <div key={field} className="flex justify-between gap-2">
              <dt className="text-slate-500 dark:text-slate-400">{t(`card.${label}`)}</dt>
              <dd className="font-medium">
                {formatLimit(licence.limits[field])}
                {licence.limits[field] === -1 && <span className="sr-only"> ({t('card.unlimited')})</span>}
              </dd>
            </div>
          ))}
        </dl>
      </div>

      <div className="mt-auto flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onDownload(licence)} data-testid="licence-download">
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('card.download')}
        </Button>
        {canRevoke && active && (
          <Button
            variant="danger"
            size="sm"
            onClick={() => onRevoke(licence)}
            isLoading={isRevoking}
            data-testid="licence-revoke"
          >
            <ShieldOff className="h-4 w-4" aria-hidden="true" />
            {t('card.revoke')}
          </Button>
        )}
      </div>
    </Card>
  );
}
