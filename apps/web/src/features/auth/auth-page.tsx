import { PlaceholderPage } from '@/components/placeholder-page';

export function AuthPage() {
  return <PlaceholderPage title="Connexion" />;
}
