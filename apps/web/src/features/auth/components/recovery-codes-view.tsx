import { Check, Copy, Download } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormNote } from './auth-layout';
import { saveFile } from '@/lib/save-file';

const FILE_NAME = 'proxai-recovery-codes.txt';

/** Client-side download of the codes, one a line: nothing is asked of the server. */
function downloadCodes(codes: string[]): void {
  saveFile(FILE_NAME, new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
}

/**
 * The recovery codes of a new authenticator, shown this once (the server keeps only their hashes): copy or
 * download them, then "I have saved them" completes the sign-in. Focus moves to the heading so keyboard and
 * screen reader users start there.
 */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const [note, setNote] = useState<string | null>(null);
  const [isCopied, setIsCopied] = useState(false);
  // In the commit (not after paint): the focus is there as soon as the view is.
  useLayoutEffect(() => headingRef.current?.focus(), []);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setIsCopied(true);
      setNote(t('recovery.copied'));
    } catch {
      // No clipboard (permissions, an insecure origin): the codes stay selectable, and the download works.
      setNote(t('recovery.copyFailed'));
    }
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="recovery-codes-view">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t('recovery.heading')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('recovery.description')}</p>
      <ol
        dir="ltr"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-3 text-center font-mono text-sm select-all dark:bg-slate-800"
        aria-label={t('recovery.listLabel')}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" onClick={() => void handleCopy()} data-testid="recovery-copy">
          {isCopied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          {t('recovery.copy')}
        </Button>
        <Button variant="outline" className="flex-1" onClick={() => downloadCodes(codes)} data-testid="recovery-download">
          <Download className="h-4 w-4" aria-hidden="true" />
          {t('recovery.download')}
        </Button>
      </div>
      <FormNote message={note} testId="recovery-note" />
      <Button size="lg" className="w-full" onClick={onDone} data-testid="recovery-done">
        {t('recovery.done')}
      </Button>
    </section>
  );
}
