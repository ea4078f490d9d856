import { PlaceholderPage } from '@/components/placeholder-page';

export function TechnologiesPage() {
  return <PlaceholderPage title="Technologies" />;
}
