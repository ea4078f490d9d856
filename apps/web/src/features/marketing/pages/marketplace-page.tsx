import { PlaceholderPage } from '@/components/placeholder-page';

export function MarketplacePage() {
  return <PlaceholderPage title="Marketplace" />;
}
