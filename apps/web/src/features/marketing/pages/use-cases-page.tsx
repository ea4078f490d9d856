import { PlaceholderPage } from '@/components/placeholder-page';

export function UseCasesPage() {
  return <PlaceholderPage title="Cas d'usage" />;
}
