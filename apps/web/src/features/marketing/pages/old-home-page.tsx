import { PlaceholderPage } from '@/components/placeholder-page';

export function OldHomePage() {
  return <PlaceholderPage title="ProxAI" />;
}
