import type { AlertRuleKind } from '@proxai/contract';
import { Plus, Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label, Select } from '@/components/ui/input';
import { LoadError, LoadingRows } from '@/components/ui/load-states';
import { ApiError } from '@/lib/api-client';
import { useHosts } from '@/lib/fleet-reads';
import { toast } from '@/lib/toast';
import { useAlertRules, useSaveAlertRules } from '../api/alert-rules';
import { draftProblem, newDraft, RULE_KINDS, toDraft, toInput, type RuleDraft } from '../rule-drafts';
import { RuleCard } from './rule-card';

/**
 * The organisation's alert rules, edited together and saved as one set (PUT /alert-rules). Members who may not
 * change them read them.
 */
export function RulesEditor({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('alerts');
  const rules = useAlertRules();
  const hosts = useHosts();
  const save = useSaveAlertRules();
  const [drafts, setDrafts] = useState<RuleDraft[] | null>(null);
  const [isDirty, setIsDirty] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const [kind, setKind] = useState<AlertRuleKind>('cpu');
  const kindId = useId();

  // The server's set becomes the drafts when it arrives, and after a save; not while someone edits.
  useEffect(() => {
    if (rules.data && !isDirty) setDrafts(rules.data.items.map(toDraft));
  }, [rules.data, isDirty]);

  if (rules.isPending || (rules.data && !drafts)) return <LoadingRows label={t('loading')} rows={3} testId="rules" />;
  if (rules.isError)
    return (
      <LoadError
        message={t('rules.loadError')}
        error={rules.error}
        retryLabel={t('retry')}
        onRetry={() => void rules.refetch()}
        testId="rules"
      />
    );
  const list = drafts ?? [];
  const problems = list.map(draftProblem);

  function update(key: string, patch: Partial<RuleDraft>) {
    setDrafts((all) => (all ?? []).map((d) => (d.key === key ? { ...d, ...patch } : d)));
    setIsDirty(true);
  }
  function handleSave() {
    if (problems.some(Boolean)) {
      setShowProblems(true);
      return;
    }
    save.mutate(
      { items: list.map(toInput) },
      {
        onSuccess: () => {
          setIsDirty(false);
          setShowProblems(false);
          toast.success(t('rules.saved'));
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.detail : t('rules.saveError')),
      },
    );
  }

  return (
    <div className="space-y-4" data-testid="rules-editor">
      <p className="text-sm text-slate-600 dark:text-slate-400">{t(canManage ? 'rules.intro' : 'rules.readOnly')}</p>
      {list.map((draft, i) => (
        <RuleCard
          key={draft.key}
          draft={draft}
          hosts={hosts.data ?? []}
          canManage={canManage}
          problem={showProblems ? problems[i]! : null}
          onChange={(patch) => update(draft.key, patch)}
          onRemove={() => {
            setDrafts((all) => (all ?? []).filter((d) => d.key !== draft.key));
            setIsDirty(true);
          }}
        />
      ))}
      {canManage ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex items-end gap-2">
            <div>
              <Label htmlFor={kindId}>{t('rules.newKind')}</Label>
              <Select
                id={kindId}
                value={kind}
                onChange={(e) => setKind(e.target.value as AlertRuleKind)}
                data-testid="rule-new-kind"
              >
                {RULE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kind.${k}`)}
                  </option>
                ))}
              </Select>
            </div>
            <Button
              variant="outline"
              onClick={() => {
                setDrafts((all) => [...(all ?? []), newDraft(kind, t(`kind.${kind}`))]);
                setIsDirty(true);
              }}
              data-testid="rule-add"
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('rules.add')}
            </Button>
          </div>
          <div className="flex items-center gap-2">
            {isDirty ? (
              <Button variant="ghost" onClick={() => setIsDirty(false)} data-testid="rules-reset">
                {t('rules.reset')}
              </Button>
            ) : null}
            <Button onClick={handleSave} isLoading={save.isPending} disabled={!isDirty} data-testid="rules-save">
              <Save className="h-4 w-4" aria-hidden="true" />
              {t('rules.save')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
