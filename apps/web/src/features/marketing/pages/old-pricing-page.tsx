import { PlaceholderPage } from '@/components/placeholder-page';

export function OldPricingPage() {
  return <PlaceholderPage title="Tarifs" />;
}
