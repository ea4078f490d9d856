import { PlaceholderPage } from '@/components/placeholder-page';

export function ProductPage() {
  return <PlaceholderPage title="Produit" />;
}
