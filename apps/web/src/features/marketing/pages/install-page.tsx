import { PlaceholderPage } from '@/components/placeholder-page';

export function InstallPage() {
  return <PlaceholderPage title="Installation" />;
}
