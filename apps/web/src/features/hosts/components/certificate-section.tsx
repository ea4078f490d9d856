import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { useHostCertificate } from '../api/host-certificate';
import { fingerprintGroups } from '../certificate';
import { FormFooter } from './form-fields';

/**
 * A fingerprint in monospace, in groups of four bytes that wrap only between groups; its text stays the exact
 * fingerprint (copying it gives 'AA:BB:…' without spaces).
 */
export function Fingerprint({ value, testId }: { value: string; testId?: string }) {
  return (
    <code
      dir="ltr"
      className="block rounded-md bg-slate-100 px-3 py-2 font-mono text-sm leading-6 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
      data-testid={testId}
    >
      {fingerprintGroups(value).map((group, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <>
              :<wbr />
            </>
          ) : null}
          <span className="whitespace-nowrap">{group}</span>
        </Fragment>
      ))}
    </code>
  );
}

/**
 * Re-pins a renewed certificate: reads the one the host presents now, says when it is still the pinned one,
 * else shows both fingerprints to compare with Proxmox's and, once confirmed, pins the presented one.
 */
export function CertificateSection({
  hostId,
  isPending,
  disabled,
  error,
  onConfirm,
}: {
  hostId: string;
  isPending: boolean;
  disabled: boolean;
  /** The server's answer to the last confirmation. */
  error: string | null;
  onConfirm: (fingerprint: string) => void;
}) {
  const { t } = useTranslation('hosts');
  const certificate = useHostCertificate(hostId);

  if (certificate.isPending || (certificate.isError && certificate.isFetching)) {
    return <LoadingRows label={t('certificate.loading')} rows={2} className="h-10" testId="host-certificate" />;
  }
  if (certificate.isError) {
    return (
      <LoadError
        message={t('certificate.loadError')}
        error={certificate.error}
        retryLabel={t('retry')}
        onRetry={() => void certificate.refetch()}
        testId="host-certificate"
      />
    );
  }
  const { pinned, presented, matches } = certificate.data;
  if (matches) {
    return (
      <div className="space-y-2" data-testid="host-certificate-unchanged">
        <p className="flex items-start gap-2 text-sm text-emerald-700 dark:text-emerald-300">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t('certificate.unchanged')}
        </p>
        <Fingerprint value={presented} />
      </div>
    );
  }
  return (
    <div className="space-y-3" data-testid="host-certificate-changed">
      <p className="flex items-start gap-2 text-sm font-medium text-amber-800 dark:text-amber-300">
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        {t(pinned ? 'certificate.changed' : 'certificate.noPin')}
      </p>
      <dl className="space-y-2 text-sm">
        {Object.entries(pinned ? { pinned, presented } : { presented }).map(([which, value]) => (
          <div key={which}>
            <dt className="mb-1 font-medium text-slate-700 dark:text-slate-300">{t(`certificate.${which}`)}</dt>
            <dd>
              <Fingerprint value={value} testId={`host-certificate-${which}`} />
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('certificate.explain')}</p>
      <FormFooter
        error={error}
        label={t('certificate.confirm')}
        pendingLabel={t('checking')}
        isPending={isPending}
        disabled={disabled}
        onClick={() => onConfirm(presented)}
        testId="host-certificate-confirm"
      />
    </div>
  );
}
