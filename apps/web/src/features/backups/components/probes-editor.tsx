import type { Probe } from '@proxai/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, Select, Textarea } from '@/components/ui/input';
import { getStoredUser } from '@/lib/auth-storage';
import { backupPermissions } from '../backups-permissions';
import {
  draftOf,
  MAX_PROBES,
  newProbeDraft,
  PROBE_TYPES,
  probeOf,
  probeProblems,
  type ProbeDraft,
  type ProbeField,
  type ProbeType,
} from '../probes';

export interface ProbesEditorProps {
  /** Prefix of the ids; `id` itself is the first probe's type, focused when the probes have a problem. */
  id: string;
  /** The probes to start from; the editor keeps what is typed and reports each change as probes. */
  value: Probe[];
  onChange: (next: Probe[]) => void;
  /** Show each probe's problems beside its fields (once the form was sent). */
  showErrors: boolean;
  disabled?: boolean;
}

function Field({
  id,
  label,
  error,
  wide,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * The checks a restore test runs inside the isolated copy through the guest agent: agent ping, a TCP port listening,
 * an HTTP request (status and body), a command (exit code and output). Commands are admins' only (the server refuses
 * them to others): the type is offered disabled to the others.
 */
export function ProbesEditor({ id, value, onChange, showErrors, disabled }: ProbesEditorProps) {
  const { t } = useTranslation('backups');
  const [drafts, setDrafts] = useState<ProbeDraft[]>(() => value.map(draftOf));
  const [{ canUseExecProbes }] = useState(() => backupPermissions(getStoredUser()?.org_role));

  const update = (next: ProbeDraft[]) => {
    setDrafts(next);
    onChange(next.map(probeOf));
  };
  const change = (index: number, patch: Partial<ProbeDraft>) =>
    update(drafts.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  return (
    <div className="space-y-3" data-testid="probes-editor">
      <ol className="space-y-3">
        {drafts.map((draft, index) => {
          const problems = showErrors ? probeProblems(probeOf(draft)) : {};
          const fieldId = (field: ProbeField) => `${id}-${index}-${field}`;
          const props = (field: ProbeField) => ({
            id: fieldId(field),
            disabled,
            'aria-invalid': problems[field] ? true : undefined,
            'aria-describedby': problems[field] ? `${fieldId(field)}-error` : undefined,
            'data-testid': `probe-${field}`,
          });
          const error = (field: ProbeField) => (problems[field] ? t(problems[field]) : undefined);
          const typeId = index === 0 ? id : `${id}-${index}-type`;
          return (
            <li
              key={index}
              className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              aria-label={t('probes.itemLabel', { n: index + 1 })}
              data-testid="probe"
            >
              <div className="flex flex-wrap items-end gap-3">
                <div className="min-w-[12rem] flex-1">
                  <Label htmlFor={typeId}>{t('probes.type')}</Label>
                  <Select
                    id={typeId}
                    value={draft.type}
                    disabled={disabled}
                    onChange={(e) => {
                      const type = e.target.value as ProbeType;
                      // A port still at the previous type's default takes the new type's (22 for TCP, 80 for HTTP).
                      const isDefaultPort = !draft.port || draft.port === newProbeDraft(draft.type).port;
                      change(index, { ...(isDefaultPort ? { port: newProbeDraft(type).port } : {}), type });
                    }}
                    data-testid="probe-type"
                  >
                    {PROBE_TYPES.map((type) => (
                      <option key={type} value={type} disabled={type === 'exec' && !canUseExecProbes && draft.type !== 'exec'}>
                        {t(`probes.types.${type}`)}
                      </option>
                    ))}
                  </Select>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={disabled || drafts.length === 1}
                  onClick={() => update(drafts.filter((_, i) => i !== index))}
                  aria-label={t('probes.remove', { n: index + 1 })}
                  data-testid="probe-remove"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t(`probes.hints.${draft.type}`)}</p>
              {draft.type === 'tcp' || draft.type === 'http' ? (
                <div className="mt-2 grid gap-3 sm:grid-cols-4">
                  {draft.type === 'http' ? (
                    <Field id={fieldId('urlPath')} label={t('probes.urlPath')} error={error('urlPath')} wide>
                      <Input
                        {...props('urlPath')}
                        dir="ltr"
                        spellCheck={false}
                        value={draft.urlPath}
                        onChange={(e) => change(index, { urlPath: e.target.value })}
                      />
                    </Field>
                  ) : null}
                  <Field id={fieldId('port')} label={t('probes.port')} error={error('port')}>
                    <Input
                      {...props('port')}
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={65535}
                      value={draft.port}
                      onChange={(e) => change(index, { port: e.target.value })}
                    />
                  </Field>
                  {draft.type === 'http' ? (
                    <>
                      <Field id={fieldId('expectStatus')} label={t('probes.expectStatus')} error={error('expectStatus')}>
                        <Input
                          {...props('expectStatus')}
                          type="number"
                          inputMode="numeric"
                          min={100}
                          max={599}
                          value={draft.expectStatus}
                          onChange={(e) => change(index, { expectStatus: e.target.value })}
                        />
                      </Field>
                      <Field id={fieldId('expectBody')} label={t('probes.expectBody')} error={error('expectBody')} wide>
                        <Input
                          {...props('expectBody')}
                          maxLength={256}
                          value={draft.expectBody}
                          onChange={(e) => change(index, { expectBody: e.target.value })}
                        />
                      </Field>
                    </>
                  ) : null}
                </div>
              ) : null}
              {draft.type === 'exec' ? (
                <div className="mt-2 grid gap-3 sm:grid-cols-4">
                  <Field id={fieldId('command')} label={t('probes.command')} error={error('command')} wide>
                    <Textarea
                      {...props('command')}
                      rows={3}
                      dir="ltr"
                      spellCheck={false}
                      className="font-mono"
                      placeholder={'sh\n-c\nsystemctl is-active nginx'}
                      value={draft.command}
                      onChange={(e) => change(index, { command: e.target.value })}
                    />
                    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{t('probes.commandHint')}</p>
                  </Field>
                  <Field id={fieldId('expectExit')} label={t('probes.expectExit')} error={error('expectExit')}>
                    <Input
                      {...props('expectExit')}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={255}
                      value={draft.expectExit}
                      onChange={(e) => change(index, { expectExit: e.target.value })}
                    />
                  </Field>
                  <Field id={fieldId('expectOutput')} label={t('probes.expectOutput')} error={error('expectOutput')}>
                    <Input
                      {...props('expectOutput')}
                      maxLength={256}
                      value={draft.expectOutput}
                      onChange={(e) => change(index, { expectOutput: e.target.value })}
                    />
                  </Field>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button
        variant="outline"
        size="sm"
        disabled={disabled || drafts.length >= MAX_PROBES}
        onClick={() => update([...drafts, newProbeDraft('tcp')])}
        data-testid="probe-add"
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t('probes.add')}
      </Button>
    </div>
  );
}
