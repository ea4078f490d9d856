import { useState } from 'react';
import { Check, Copy } from 'lucide-react';

/** A shell snippet, always left-to-right (even in Arabic), with a copy button. */
export function CommandBlock({ command, copyLabel, copiedLabel }: { command: string; copyLabel: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard can be refused (insecure origin, permissions): the text stays selectable by hand.
      setCopied(false);
    }
  };
  return (
    // The whole block is ltr so the copy button sits at the end of the command's lines, even on an rtl page.
    <div dir="ltr" className="relative mt-3">
      <pre className="overflow-x-auto rounded-lg bg-slate-900 p-4 pe-12 text-left text-sm text-slate-100">
        <code>{command}</code>
      </pre>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={copied ? copiedLabel : copyLabel}
        title={copied ? copiedLabel : copyLabel}
        className="absolute end-2 top-2 rounded-md p-2 text-slate-300 hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
      </button>
    </div>
  );
}
