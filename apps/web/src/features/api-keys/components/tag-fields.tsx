import { Plus, X } from 'lucide-react';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';

/** The contract's limits of a key's tags. */
export const MAX_TAG_LENGTH = 64;
export const MAX_TAGS = 50;

/** `tags` with `draft` added (trimmed, once), or why it cannot be: a key of the namespace. */
export function withTag(tags: string[], draft: string): { tags: string[]; problem: string | null } {
  const tag = draft.trim();
  if (!tag) return { tags, problem: null };
  if (tag.length > MAX_TAG_LENGTH) return { tags, problem: 'errors.tag' };
  if (tags.includes(tag)) return { tags, problem: null };
  if (tags.length >= MAX_TAGS) return { tags, problem: 'errors.tooManyTags' };
  return { tags: [...tags, tag], problem: null };
}

/**
 * Proxmox tags a key is narrowed to, as chips: typed in the field and added with Enter or the Add button; each chip
 * removed by its own named button (focus then goes back to the field).
 */
export function TagFields({
  value,
  draft,
  onDraft,
  onChange,
  error,
}: {
  value: string[];
  /** What is typed and not added yet (the form adds it when sent). */
  draft: string;
  onDraft: (draft: string) => void;
  onChange: (tags: string[], problem: string | null) => void;
  error?: string;
}) {
  const { t } = useTranslation('api-keys');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function handleAdd() {
    const next = withTag(value, draft);
    onChange(next.tags, next.problem);
    if (!next.problem) onDraft('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the tag; it does not send the form.
    event.preventDefault();
    handleAdd();
  }

  return (
    <div data-testid="api-key-tags-field">
      <Label htmlFor={`${id}-input`}>{t('form.tags')}</Label>
      <p id={`${id}-hint`} className="mb-2 text-xs text-slate-600 dark:text-slate-400">
        {t('form.tagsHint')}
      </p>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          id={`${id}-input`}
          value={draft}
          maxLength={MAX_TAG_LENGTH}
          autoComplete="off"
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={handleKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          className="max-w-xs"
          data-testid="api-key-tag-input"
        />
        <Button variant="outline" onClick={handleAdd} data-testid="api-key-tag-add">
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t('form.addTag')}
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('form.tagList')} data-testid="api-key-tags">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 ps-2.5 pe-1 text-sm dark:bg-slate-800"
              data-testid="api-key-tag"
            >
              {tag}
              <button
                type="button"
                onClick={() => {
                  onChange(
                    value.filter((v) => v !== tag),
                    null,
                  );
                  inputRef.current?.focus();
                }}
                className="rounded-full p-0.5 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-700"
                aria-label={t('form.removeTag', { tag })}
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
