import type { Host, Vm } from '@proxai/contract';
import { X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, Input } from '@/components/ui/input';
import { useHosts, useVms } from '@/lib/fleet-reads';
import { CRITERIA, type Criterion, type ScheduleField, type ScheduleFormState } from '../schedule-form-state';

/** Guests listed at once in the picker: the search narrows 5,000 down. */
const GUEST_MATCHES = 50;

export interface SelectorFieldsProps {
  form: ScheduleFormState;
  onChange: (patch: Partial<ScheduleFormState>) => void;
  /** Each field's problem, in words (ours translated, or the server's own). */
  messages: Partial<Record<ScheduleField, string>>;
  /** Ids prefix of the fields, for labels and error focus (`${id}-hosts`…). */
  id: string;
}

/**
 * Which guests a schedule works on: all of them, or those matching every ticked criterion (hosts, guests, VM ids,
 * tags, pools). Hosts and guests are picked from GET /hosts and GET /vms.
 */
export function SelectorFields({ form, onChange, messages, id }: SelectorFieldsProps) {
  const { t } = useTranslation('automation');
  const setCriterion = (c: Criterion, on: boolean) => onChange({ criteria: { ...form.criteria, [c]: on } });
  return (
    <fieldset className="space-y-3" aria-describedby={messages.target ? `${id}-target-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold">{t('form.selector.title')}</legend>
      <div className="flex flex-wrap gap-4">
        {(['all', 'match'] as const).map((target) => (
          <label key={target} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-target`}
              id={target === 'all' ? `${id}-target` : undefined}
              checked={form.target === target}
              onChange={() => onChange({ target })}
              className="h-4 w-4 accent-brand-600"
              data-testid={`selector-${target}`}
            />
            {t(`form.selector.${target}`)}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-target-error`} message={messages.target} />
      {form.target === 'match' ? (
        <div className="space-y-3 border-s-2 border-slate-200 ps-4 dark:border-slate-700">
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.selector.matchHint')}</p>
          {CRITERIA.map((c) => (
            <div key={c} className="space-y-2">
              <label className="inline-flex items-center gap-2 text-sm font-medium">
                <Checkbox
                  checked={form.criteria[c]}
                  onChange={(e) => setCriterion(c, e.target.checked)}
                  data-testid={`criterion-${c}`}
                />
                {t(`form.selector.${c}`)}
              </label>
              {form.criteria[c] ? (
                <div className="ps-6">
                  <CriterionField criterion={c} form={form} onChange={onChange} id={`${id}-${c}`} />
                  <FieldError id={`${id}-${c}-error`} message={messages[c]} />
                </div>
              ) : null}
            </div>
          ))}
        </div>
      ) : null}
    </fieldset>
  );
}

function CriterionField({
  criterion,
  form,
  onChange,
  id,
}: {
  criterion: Criterion;
  form: ScheduleFormState;
  onChange: (patch: Partial<ScheduleFormState>) => void;
  id: string;
}) {
  const { t } = useTranslation('automation');
  switch (criterion) {
    case 'hosts':
      return <HostPicker selected={form.hostIds} onChange={(hostIds) => onChange({ hostIds })} id={id} />;
    case 'guests':
      return <GuestPicker selected={form.guestIds} onChange={(guestIds) => onChange({ guestIds })} id={id} />;
    case 'vmids':
    case 'tags':
    case 'pools':
      return (
        <div className="space-y-2">
          <Input
            id={id}
            value={form[criterion]}
            onChange={(e) => onChange({ [criterion]: e.target.value })}
            placeholder={t(`form.selector.${criterion}Placeholder`)}
            aria-label={t(`form.selector.${criterion}`)}
            dir="ltr"
            autoComplete="off"
            data-testid={`selector-${criterion}`}
          />
          {criterion !== 'vmids' ? (
            <KnownValues criterion={criterion} text={form[criterion]} onChange={(text) => onChange({ [criterion]: text })} />
          ) : null}
        </div>
      );
  }
}

/** At most this many known tags or pools are offered; typing narrows nothing, the field still takes any name. */
const KNOWN_SHOWN = 24;

/**
 * The tags or pools the organisation's guests carry (GET /vms), as toggles that add or remove the name in the
 * field: nobody has to remember how a tag is spelt on the hosts. A name no guest carries yet can still be typed.
 */
function KnownValues({
  criterion,
  text,
  onChange,
}: {
  criterion: 'tags' | 'pools';
  text: string;
  onChange: (text: string) => void;
}) {
  const { t } = useTranslation('automation');
  const guests = useVms();
  const known = useMemo(() => {
    const names = new Set<string>();
    for (const g of guests.data ?? []) {
      if (criterion === 'tags') for (const tag of g.tags ?? []) names.add(tag);
      else if (g.pool) names.add(g.pool);
    }
    return [...names].sort((a, b) => a.localeCompare(b)).slice(0, KNOWN_SHOWN);
  }, [guests.data, criterion]);
  if (known.length === 0) return null;
  const chosen = text.split(/[\s,]+/).filter(Boolean);
  const toggle = (name: string) =>
    onChange((chosen.includes(name) ? chosen.filter((c) => c !== name) : [...chosen, name]).join(', '));
  return (
    <div role="group" aria-label={t(`form.selector.known_${criterion}`)} className="flex flex-wrap items-center gap-1.5">
      <span className="text-xs text-slate-500 dark:text-slate-400">{t(`form.selector.known_${criterion}`)}</span>
      {known.map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={chosen.includes(name)}
          onClick={() => toggle(name)}
          className="rounded-full border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700 dark:border-slate-600 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-500/15 dark:aria-pressed:text-brand-300"
          dir="ltr"
          data-testid={`known-${criterion}`}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

function HostPicker({ selected, onChange, id }: { selected: string[]; onChange: (ids: string[]) => void; id: string }) {
  const { t } = useTranslation('automation');
  const hosts = useHosts();
  if (hosts.isPending) return <p className="text-sm text-slate-500">{t('loading')}</p>;
  if (!hosts.data?.length) return <p className="text-sm text-slate-500 dark:text-slate-400">{t('form.selector.noHosts')}</p>;
  return (
    <div id={id} tabIndex={-1} role="group" aria-label={t('form.selector.hosts')} className="flex flex-wrap gap-x-4 gap-y-2">
      {hosts.data.map((host: Host) => (
        <label key={host.id} className="inline-flex items-center gap-2 text-sm">
          <Checkbox
            checked={selected.includes(host.id)}
            onChange={(e) => onChange(e.target.checked ? [...selected, host.id] : selected.filter((h) => h !== host.id))}
            data-testid="host-option"
          />
          {host.name}
        </label>
      ))}
    </div>
  );
}

function GuestPicker({ selected, onChange, id }: { selected: string[]; onChange: (ids: string[]) => void; id: string }) {
  const { t } = useTranslation('automation');
  const uid = useId();
  const guests = useVms();
  const [query, setQuery] = useState('');
  const byId = useMemo(() => new Map((guests.data ?? []).map((g) => [g.id, g])), [guests.data]);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = (guests.data ?? []).filter((g) => !q || g.name.toLowerCase().includes(q) || String(g.vmid).startsWith(q));
    return list.slice(0, GUEST_MATCHES);
  }, [guests.data, query]);
  const toggle = (guest: Vm, on: boolean) => onChange(on ? [...selected, guest.id] : selected.filter((g) => g !== guest.id));

  return (
    <div className="space-y-2">
      {selected.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label={t('form.selector.guestsChosen')}>
          {selected.map((gid) => {
            const name = byId.get(gid)?.name ?? gid.slice(0, 8);
            return (
              <li
                key={gid}
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 ps-2 pe-1 text-xs dark:bg-slate-800"
              >
                {name}
                <button
                  type="button"
                  onClick={() => onChange(selected.filter((g) => g !== gid))}
                  aria-label={t('form.selector.removeGuest', { name })}
                  className="rounded-full p-0.5 hover:bg-slate-200 dark:hover:bg-slate-700"
                >
                  <X className="h-3 w-3" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Input
        id={id}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('form.selector.guestSearch')}
        aria-label={t('form.selector.guestSearch')}
        aria-controls={`${uid}-matches`}
        data-testid="guest-search"
      />
      {guests.isPending ? (
        <p className="text-sm text-slate-500">{t('loading')}</p>
      ) : (
        <div
          id={`${uid}-matches`}
          role="group"
          aria-label={t('form.selector.guests')}
          className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2 dark:border-slate-700"
        >
          {matches.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('form.selector.noGuests')}</p>
          ) : (
            matches.map((guest) => (
              <label key={guest.id} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={selected.includes(guest.id)}
                  onChange={(e) => toggle(guest, e.target.checked)}
                  data-testid="guest-option"
                />
                <span className="truncate">{guest.name}</span>
                <span className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{guest.vmid}</span>
              </label>
            ))
          )}
        </div>
      )}
    </div>
  );
}
