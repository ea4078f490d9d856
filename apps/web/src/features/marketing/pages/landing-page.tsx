import { PlaceholderPage } from '@/components/placeholder-page';

export function LandingPage() {
  return <PlaceholderPage title="ProxAI" />;
}
