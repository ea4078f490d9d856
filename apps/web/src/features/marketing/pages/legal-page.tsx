import { PlaceholderPage } from '@/components/placeholder-page';

export function LegalPage() {
  return <PlaceholderPage title="Mentions légales" />;
}
