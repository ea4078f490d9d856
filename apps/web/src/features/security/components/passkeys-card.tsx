import type { Passkey } from '@proxai/contract';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Fingerprint, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime } from '@/lib/format-instant';
import { toast } from '@/lib/toast';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '../api/passkeys';
import { problemText } from '../problem-text';
import { useFocusReturn } from '../use-focus-return';
import { PasskeyNameDialog } from './passkey-name-dialog';
import { InlineError, SectionCard } from './section-card';

type Editing = { kind: 'add' } | { kind: 'rename'; passkey: Passkey };

/**
 * The person's passkeys (a device's fingerprint or face unlock, a security key): when each was added and last used;
 * add one (where the browser can), rename, remove. A first second factor comes with recovery codes (`onCodes`).
 */
export function PasskeysCard({ passkeys, onCodes }: { passkeys: Passkey[]; onCodes: (codes: string[]) => void }) {
  const { t, i18n } = useTranslation('security');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [isSupported] = useState(browserSupportsWebAuthn);
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const focus = useFocusReturn();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [error, setError] = useState<string | null>(null);

  function open(next: Editing) {
    focus.remember();
    setError(null);
    setEditing(next);
  }

  function close() {
    setEditing(null);
    setRemoving(null);
    setError(null);
    focus.restore(document.getElementById('passkeys-title'));
  }

  function handleName(name: string) {
    setError(null);
    const onError = (err: Error) => setError(problemText(err, t));
    if (editing?.kind === 'rename') {
      rename.mutate(
        { id: editing.passkey.id, name },
        {
          onSuccess: (passkey) => {
            toast.success(t('passkeys.renamed', { name: passkey.name }));
            close();
          },
          onError,
        },
      );
    } else {
      add.mutate(name, {
        onSuccess: ({ passkey, recovery_codes: codes }) => {
          toast.success(t('passkeys.added', { name: passkey.name }));
          if (codes) {
            // The recovery codes' dialog takes over; the page puts focus back on this card once they are saved.
            setEditing(null);
            setError(null);
            onCodes(codes);
          } else {
            close();
          }
        },
        onError,
      });
    }
  }

  return (
    <SectionCard
      id="passkeys"
      icon={Fingerprint}
      title={t('passkeys.title')}
      text={t('passkeys.text')}
      action={
        isSupported ? (
          <Button onClick={() => open({ kind: 'add' })} data-testid="passkey-add">
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('passkeys.add')}
          </Button>
        ) : null
      }
    >
      {isSupported ? null : (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="passkeys-unsupported">
          {t('passkeys.unsupported')}
        </p>
      )}
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="passkeys-empty">
          {t('passkeys.empty')}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="passkey-row">
              <div className="min-w-0">
                <p className="truncate font-medium">{passkey.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('passkeys.created', { time: formatDateTime(passkey.created_at, language) })}
                  {' · '}
                  {passkey.last_used_at
                    ? t('passkeys.lastUsed', { time: formatDateTime(passkey.last_used_at, language) })
                    : t('passkeys.neverUsed')}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => open({ kind: 'rename', passkey })}
                  aria-label={t('passkeys.renameNamed', { name: passkey.name })}
                  data-testid="passkey-rename"
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  {t('passkeys.rename')}
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-600 dark:text-red-400"
                  onClick={() => {
                    focus.remember();
                    setError(null);
                    setRemoving(passkey);
                  }}
                  aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                  data-testid="passkey-remove"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {t('passkeys.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <PasskeyNameDialog
          open
          title={editing.kind === 'add' ? t('passkeys.addTitle') : t('passkeys.renameTitle', { name: editing.passkey.name })}
          text={editing.kind === 'add' ? t('passkeys.addText') : t('passkeys.renameText')}
          submitLabel={editing.kind === 'add' ? t('passkeys.continue') : t('passkeys.save')}
          initialName={editing.kind === 'add' ? '' : editing.passkey.name}
          isPending={add.isPending || rename.isPending}
          error={error}
          onSubmit={handleName}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => !next && close()}
        title={t('passkeys.removeTitle', { name: removing?.name ?? '' })}
        description={t('passkeys.removeText')}
        confirmLabel={t('passkeys.remove')}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        isDestructive
        isPending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast.success(t('passkeys.removed', { name: removing.name }));
              close();
            },
            onError: (err) => setError(problemText(err, t)),
          })
        }
      >
        {error ? <InlineError message={error} testId="passkey-remove-error" /> : null}
      </ConfirmDialog>
    </SectionCard>
  );
}
