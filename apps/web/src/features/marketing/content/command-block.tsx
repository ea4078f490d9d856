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
    // The whole block is ltr (even on an rtl page); the copy button has its own row so it never covers a
    // command that scrolls horizontally on a narrow screen.
    <div dir="ltr" className="mt-3 overflow-hidden rounded-lg bg-slate-900 text-start">
      <div className="flex items-center justify-end gap-2 px-1 pt-1">
        <span role="status" className="text-xs text-slate-300">
          {copied ? copiedLabel : ''}
        </span>
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={copied ? copiedLabel : copyLabel}
          title={copied ? copiedLabel : copyLabel}
          className="rounded-md p-1.5 text-slate-300 hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
        </button>
      </div>
      <pre className="overflow-x-auto px-4 pb-4 text-sm text-slate-100">
        <code>{command}</code>
      </pre>
    </div>
  );
}
