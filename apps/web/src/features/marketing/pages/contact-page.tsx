import { PlaceholderPage } from '@/components/placeholder-page';

export function ContactPage() {
  return <PlaceholderPage title="Contact" />;
}
