import type { Host, Me } from '@proxai/contract';
import type { Permission } from '@proxai/contract/permissions';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import type { useCreateApiKey } from '../api/create-api-key';
import { DEFAULT_EXPIRY_DAYS, dayIn, expiresAt, expiryBounds, expiryProblem, formatDay } from '../expiry';
import { failureMessage, isPlanRequired } from '../failure';
import { inMapOrder } from '../scopes';
import { ExpiryFields } from './expiry-fields';
import { HostFields } from './host-fields';
import { PlanRequired } from './plan-required';
import { ScopeFields } from './scope-fields';
import { TagFields, withTag } from './tag-fields';

/** The contract's longest key name. */
const MAX_NAME = 100;

type Field = 'name' | 'scopes' | 'hosts' | 'tags' | 'expiry';

/** The request's fields (ApiKeyCreateSchema) as the form names them, for the server's per-field errors. */
const SERVER_FIELDS: Readonly<Record<string, Field>> = {
  name: 'name',
  scopes: 'scopes',
  host_ids: 'hosts',
  tags: 'tags',
  expires_at: 'expiry',
};

/** Moves the focus to the first field said to be wrong (inside a group of checkboxes: its first box). */
function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid?.matches('input, select, textarea') ? invalid : invalid?.querySelector<HTMLElement>('input');
  target?.focus();
}

/**
 * A new key: its name, permissions, optional hosts and tags, and expiry (required, a year at most). Checked here
 * first, then by the server, whose refusals are shown: per field (400 `errors`), the plan that opens keys (403
 * `plan_required`), or its words (403 `forbidden`: a permission beyond the person's). A cancelled second-factor
 * check says nothing: nothing was created.
 */
export function KeyForm({
  me,
  hosts,
  create,
  onCancel,
}: {
  me: UseQueryResult<Me>;
  hosts: UseQueryResult<Host[]>;
  create: ReturnType<typeof useCreateApiKey>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('api-keys');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [now] = useState(() => new Date());
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Permission[]>([]);
  const [hostIds, setHostIds] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [tagDraft, setTagDraft] = useState('');
  const [day, setDay] = useState(() => dayIn(DEFAULT_EXPIRY_DAYS, now));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [planError, setPlanError] = useState<ApiError | null>(null);
  // Each refused attempt moves the focus to its first wrong field, once the errors are on the page.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current);
  }, [attempt]);

  function handleError(error: Error) {
    if (isPlanRequired(error)) {
      setPlanError(error);
      return;
    }
    const fields: Partial<Record<Field, string>> = {};
    for (const e of error instanceof ApiError ? (error.errors ?? []) : []) {
      const field = SERVER_FIELDS[e.path.replace(/^body\.?/, '').split('.')[0] ?? ''];
      if (field && !fields[field]) fields[field] = e.message;
    }
    setErrors(fields);
    setFormError(failureMessage(error, t('common:errors.network')));
    if (Object.keys(fields).length > 0) setAttempt((n) => n + 1);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitted = new Date();
    const trimmed = name.trim();
    // A tag typed but not added yet is part of what was asked for.
    const withDraft = withTag(tags, tagDraft);
    const found: Partial<Record<Field, string>> = {};
    if (!trimmed || trimmed.length > MAX_NAME) found.name = t('errors.name');
    if (scopes.length === 0) found.scopes = t('errors.scopes');
    if (withDraft.problem) found.tags = t(withDraft.problem);
    const problem = expiryProblem(day, submitted);
    if (problem) found.expiry = t(`errors.expiry.${problem}`, { max: formatDay(expiryBounds(submitted).max, language) });
    setErrors(found);
    setFormError(null);
    setPlanError(null);
    if (Object.keys(found).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    setTags(withDraft.tags);
    setTagDraft('');
    const held = me.data?.permissions;
    create.mutate(
      {
        name: trimmed,
        // Only what the person holds now (their organisation may have changed since they ticked).
        scopes: inMapOrder(held ? scopes.filter((p) => held.includes(p)) : scopes),
        ...(hostIds.length > 0 ? { host_ids: hostIds } : {}),
        ...(withDraft.tags.length > 0 ? { tags: withDraft.tags } : {}),
        expires_at: expiresAt(day, submitted),
      },
      { onError: handleError },
    );
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="space-y-5" data-testid="api-key-form">
      {planError ? <PlanRequired error={planError} /> : null}
      {formError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/50 dark:text-red-300"
          data-testid="api-key-form-error"
        >
          {t('form.failed')} {formError}
        </p>
      ) : null}
      <div>
        <Label htmlFor={`${id}-name`}>{t('form.name')}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={MAX_NAME}
          autoComplete="off"
          placeholder={t('form.namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          data-testid="api-key-name"
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <ScopeFields me={me} value={scopes} onChange={setScopes} error={errors.scopes} />
      <HostFields hosts={hosts} value={hostIds} onChange={setHostIds} error={errors.hosts} />
      <TagFields
        value={tags}
        draft={tagDraft}
        onDraft={setTagDraft}
        onChange={(next, tagProblem) => {
          setTags(next);
          setErrors((e) => ({ ...e, tags: tagProblem ? t(tagProblem) : undefined }));
        }}
        error={errors.tags}
      />
      {hostIds.length > 0 || tags.length > 0 ? (
        <p role="note" className="text-xs text-slate-600 dark:text-slate-400" data-testid="api-key-reach-note">
          {t('form.reachNote')}
        </p>
      ) : null}
      <ExpiryFields value={day} onChange={setDay} now={now} error={errors.expiry} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <Button variant="ghost" disabled={create.isPending} onClick={onCancel} data-testid="api-key-cancel">
          {t('cancel')}
        </Button>
        <Button type="submit" isLoading={create.isPending} data-testid="api-key-submit">
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
