import { PlaceholderPage } from '@/components/placeholder-page';

export function OldProductPage() {
  return <PlaceholderPage title="Produit" />;
}
