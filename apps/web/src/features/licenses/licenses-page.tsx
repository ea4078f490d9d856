import { PlaceholderPage } from '@/components/placeholder-page';

export function LicensesPage() {
  return <PlaceholderPage title="Licences" />;
}
