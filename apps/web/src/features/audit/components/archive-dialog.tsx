import { Archive } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError, NetworkError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useReturnFocus } from '@/lib/use-return-focus';
import { useAuditArchive, type ArchiveResult } from '../api/audit-archive';
import { archiveDayProblem, formatDay, latestArchiveDay, yearBefore, type ArchiveDayProblem } from '../archive-day';
import { dayStart } from '../audit-filters';

type ArchiveMutation = ReturnType<typeof useAuditArchive>;

/** The name the api client's step-up prompt rejects with when the person cancels it (features/security). */
const STEP_UP_CANCELLED = 'StepUpCancelled';

/**
 * The day, checked before anything is sent (there must be one, at least 30 days ago), then the archive: its file
 * saved and a toast saying how many records left the trail, or the server's refusal in the dialog. A cancelled
 * second-factor check says nothing: nothing was archived and nothing went wrong.
 */
function ArchiveForm({
  archive,
  onCancel,
  onArchived,
}: {
  archive: ArchiveMutation;
  onCancel: () => void;
  onArchived: () => void;
}) {
  const { t, i18n } = useTranslation('audit');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [day, setDay] = useState(() => yearBefore());
  const [problem, setProblem] = useState<ArchiveDayProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function failureText(error: Error): string | null {
    if (error instanceof ApiError) return error.detail;
    if (error instanceof NetworkError) return t('common:errors.network');
    return error.name === STEP_UP_CANCELLED ? null : t('archive.failed');
  }

  function announce(result: ArchiveResult, chosen: string) {
    if (result.records === 0) {
      toast.info(t('archive.nothing', { day: formatDay(chosen, language) }));
      return;
    }
    toast.success(t(result.more ? 'archive.doneMore' : 'archive.done', { count: result.records, name: result.name }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = archiveDayProblem(day);
    const before = dayStart(day);
    setProblem(found);
    setFailure(null);
    if (found || !before) {
      inputRef.current?.focus();
      return;
    }
    const chosen = day;
    archive.mutate(before, {
      onSuccess: (result) => {
        announce(result, chosen);
        onArchived();
      },
      onError: (error) => setFailure(failureText(error)),
    });
  }

  const describedBy = [`${id}-hint`, problem ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5" data-testid="audit-archive-form">
      <ul className="list-disc space-y-1 ps-5 text-sm text-slate-600 dark:text-slate-400">
        <li>{t('archive.chain')}</li>
        <li>{t('archive.limit')}</li>
      </ul>
      {failure ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          data-testid="audit-archive-error"
        >
          {t('archive.failedWith', { detail: failure })}
        </p>
      ) : null}
      <div>
        <Label htmlFor={`${id}-before`}>{t('archive.before')}</Label>
        <Input
          ref={inputRef}
          id={`${id}-before`}
          type="date"
          value={day}
          max={latestArchiveDay()}
          required
          aria-required="true"
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          disabled={archive.isPending}
          onChange={(e) => setDay(e.target.value)}
          className="sm:max-w-xs"
          data-testid="audit-archive-before"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {t('archive.beforeHint')}
        </p>
        <FieldError id={`${id}-error`} message={problem ? t(`archive.errors.${problem}`) : undefined} />
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button variant="ghost" disabled={archive.isPending} onClick={onCancel} data-testid="audit-archive-cancel">
          {t('archive.cancel')}
        </Button>
        <Button type="submit" variant="danger" isLoading={archive.isPending} data-testid="audit-archive-submit">
          <Archive className="h-4 w-4" aria-hidden="true" />
          {t('archive.submit')}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Archive old records": the records written before a chosen day leave the trail and are downloaded as a signed
 * archive. It cannot close while the request runs (a second-factor check may be open above it); the form starts
 * afresh at each opening.
 */
export function ArchiveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('audit');
  const archive = useAuditArchive();

  function close() {
    archive.reset();
    onClose();
  }

  function handleCancel() {
    if (!archive.isPending) close();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && handleCancel()}
      title={t('archive.dialogTitle')}
      description={t('archive.explanation')}
      closeLabel={t('close')}
    >
      <ArchiveForm archive={archive} onCancel={handleCancel} onArchived={close} />
    </Dialog>
  );
}

/**
 * The archive action of the page, for those who may archive (audit-access.ts): a short word and its button, which
 * gets the focus back when the dialog closes.
 */
export function ArchivePanel() {
  const { t } = useTranslation('audit');
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useReturnFocus(open, buttonRef);
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4" data-testid="audit-archive">
      <div className="space-y-1">
        <h2 className="text-sm font-semibold">{t('archive.title')}</h2>
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('archive.hint')}</p>
      </div>
      <Button ref={buttonRef} variant="outline" size="sm" onClick={() => setOpen(true)} data-testid="audit-archive-open">
        <Archive className="h-4 w-4" aria-hidden="true" />
        {t('archive.open')}
      </Button>
      <ArchiveDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
