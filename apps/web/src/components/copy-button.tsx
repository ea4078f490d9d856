import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** Copies `text` to the clipboard and says so (announced); without a clipboard the text stays selectable. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation('common');
  const [isCopied, setIsCopied] = useState(false);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(text);
      setIsCopied(true);
    } catch {
      // No clipboard (permissions, an insecure origin): the text is shown, selectable.
      setIsCopied(false);
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={() => void handleCopy()} data-testid={testId}>
      {isCopied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      <span aria-live="polite">{isCopied ? t('copied') : label}</span>
    </Button>
  );
}
