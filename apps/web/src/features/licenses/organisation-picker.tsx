import { useTranslation } from 'react-i18next';
import { Label, Select } from '@/components/ui/input';
import { useOrganisations } from './use-licences';

/** Administrators choose whose licences to see (they may belong to no organisation themselves). */
export function OrganisationPicker({ value, onChange }: { value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation('licenses');
  const organisations = useOrganisations(true);
  return (
    <div className="w-full sm:w-80">
      <Label htmlFor="licence-organisation">{t('organisation.label')}</Label>
      <Select
        id="licence-organisation"
        data-testid="organisation-picker"
        value={value ?? ''}
        onChange={(e) => e.target.value && onChange(e.target.value)}
        disabled={organisations.isPending}
        aria-busy={organisations.isPending || undefined}
      >
        <option value="" disabled>
          {organisations.isPending ? t('organisation.loading') : t('organisation.choose')}
        </option>
        {organisations.data?.map((o) => (
          <option key={o.id} value={o.id}>
            {t('organisation.option', { name: o.name, count: o.member_count })}
          </option>
        ))}
      </Select>
      {organisations.isError && (
        <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {t('organisation.error')}
        </p>
      )}
    </div>
  );
}
