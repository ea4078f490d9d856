import { PlaceholderPage } from '@/components/placeholder-page';

export function MigrationPage() {
  return <PlaceholderPage title="Migration VMware" />;
}
