import { PlaceholderPage } from '@/components/placeholder-page';

export function WhyPage() {
  return <PlaceholderPage title="Pourquoi ProxAI" />;
}
