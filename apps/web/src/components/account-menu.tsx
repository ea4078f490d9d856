import type { Me } from '@proxai/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, KeyRound, LogOut, MonitorX, ScrollText, ShieldCheck, UserRound, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate } from 'react-router';
import { isOrgRole, roleAllows } from '@proxai/contract/permissions';
import { apiCall, ApiError } from '@/lib/api-client';
import { clearSession, getStoredUser, storeUser, type StoredUser } from '@/lib/auth-storage';
import { whenIdle } from '@/lib/idle';
import { meQuery, useMe } from '@/lib/me';
import { toast } from '@/lib/toast';
import { Button, buttonClasses } from './ui/button';
import { cn } from './ui/cn';

/** Owners and admins read their organisation's audit trail; platform administrators the platform's. */
const mayReadAudit = (user: StoredUser | null) =>
  user?.organisation_id ? roleAllows(isOrgRole(user.org_role) ? user.org_role : null, 'audit.read') : user?.role === 'admin';

// The confirmation (Radix dialog: focus trap, Escape, focus back on the button) is not needed for the first
// render of the screens that show this menu: its code loads when the button is pointed at, focused or pressed.
const loadDialog = () => import('./ui/dialog');
const Dialog = lazy(async () => ({ default: (await loadDialog()).Dialog }));

/** The user fields the browser keeps (StoredUser) out of a `Me` answer. */
function storedUserOf(me: Me): StoredUser {
  const { id, email, name, role, organisation_id, org_role, timezone } = me;
  return { id, email, name, role, organisation_id, org_role, timezone };
}

/**
 * The organisation the session acts in, as a native select of the person's organisations (keyboard and screen
 * reader friendly by construction), shown only to someone who belongs to more than one. Choosing another one
 * switches the session (POST /auth/switch-organisation), keeps the answered user, forgets every cached answer of
 * the previous organisation and opens its dashboard. A failed switch leaves everything as it was and says so.
 */
function OrganisationSwitcher() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const client = useQueryClient();
  const selectId = useId();
  const [isSwitching, setIsSwitching] = useState(false);
  // Asked once the browser is idle: the page's own first reads come first. An answer already cached (another
  // page's menu asked) shows at once.
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => whenIdle(() => setIsIdle(true)), []);
  // GET /auth/me (lib/me.ts): the organisations the person belongs to.
  const me = useMe(isIdle);
  const organisations = me.data?.organisations ?? [];
  if (!me.data || organisations.length < 2) return null;
  const currentId = me.data.organisation_id ?? '';

  async function handleSwitch(organisationId: string) {
    if (organisationId === currentId) return;
    setIsSwitching(true);
    try {
      const next = await apiCall('POST', '/auth/switch-organisation', { body: { organisation_id: organisationId } });
      storeUser(storedUserOf(next));
      // Nothing read for the previous organisation may show in the next one.
      client.clear();
      client.setQueryData(meQuery.queryKey, next);
      const name = next.organisations.find((o) => o.organisation_id === next.organisation_id)?.name ?? '';
      toast.success(t('organisationSwitched', { name }));
      void navigate('/dashboard');
    } catch (error) {
      toast.error(t('organisationSwitchFailed'), error instanceof ApiError ? { description: error.detail } : undefined);
    } finally {
      setIsSwitching(false);
    }
  }

  return (
    <span className="inline-flex items-center gap-1.5">
      <label htmlFor={selectId} className="inline-flex text-slate-700 dark:text-slate-200">
        <Building2 className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="sr-only">{t('organisation')}</span>
      </label>
      <select
        id={selectId}
        value={currentId}
        disabled={isSwitching}
        aria-busy={isSwitching || undefined}
        onChange={(e) => void handleSwitch(e.target.value)}
        className="h-8 max-w-[12rem] rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        data-testid="organisation-select"
      >
        {organisations.map((o) => (
          <option key={o.organisation_id} value={o.organisation_id}>
            {o.name}
          </option>
        ))}
      </select>
    </span>
  );
}

// The settings page open now is marked (NavLink sets aria-current="page"); an underline, since cn() does not merge
// the ghost button's colours with others.
const settingsLinkClasses = ({ isActive }: { isActive: boolean }) =>
  buttonClasses('ghost', 'sm', isActive ? 'underline decoration-2 underline-offset-4' : undefined);

/**
 * The signed-in user's name (fallback 'User'), the organisation switcher (for someone in several organisations),
 * the links to the members and the security settings, a logout button and "sign out everywhere", for the headers
 * of the signed-in screens. Logout revokes the session on the server first; the browser session is cleared even
 * when the server cannot be reached, so the button always signs the user out of this browser. Signing out
 * everywhere revokes every session of the user (after a confirmation); when that call fails for another reason
 * than an already ended session, the user stays signed in here to try again, since the other sessions still run.
 * A person without an organisation (the platform's staff) has no members page and nothing to switch between:
 * neither is shown, and GET /auth/me is not asked for.
 */
export function AccountMenu({ className }: { className?: string }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [isLeaving, setIsLeaving] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  // The dialog (and its lazily loaded code) is mounted from the first opening on.
  const [hasOpened, setHasOpened] = useState(false);
  const [isRevoking, setIsRevoking] = useState(false);
  const logoutAllRef = useRef<HTMLButtonElement>(null);
  const user = getStoredUser();
  const name = user?.name?.trim() || t('userFallback');

  // ui/dialog has no trigger to give focus back to: once the dialog is gone (a tick later, after Radix's focus
  // trap), focus returns to the button that opened it.
  useEffect(() => {
    if (isConfirming || !hasOpened) return;
    const timer = setTimeout(() => logoutAllRef.current?.focus());
    return () => clearTimeout(timer);
  }, [isConfirming, hasOpened]);

  const leave = () => {
    clearSession();
    void navigate('/auth', { replace: true });
  };

  async function handleLogout() {
    setIsLeaving(true);
    try {
      await apiCall('POST', '/auth/logout', { skipUnauthorizedHandler: true });
    } catch {
      // Already expired or offline: the local session is cleared below all the same.
    }
    leave();
  }

  async function handleLogoutAll() {
    setIsRevoking(true);
    try {
      const { revoked } = await apiCall('POST', '/auth/logout-all', { skipUnauthorizedHandler: true });
      toast.success(t('logoutAllDone', { revoked }));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(t('logoutAllFailed'));
        setIsRevoking(false);
        return;
      }
      toast.info(t('sessionEnded'));
    }
    setIsConfirming(false);
    leave();
  }

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <span
        className="inline-flex max-w-[14rem] items-center gap-1.5 truncate text-sm font-medium text-slate-700 dark:text-slate-200"
        data-testid="account-name"
        title={user?.email}
      >
        <UserRound className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{name}</span>
      </span>
      {user?.organisation_id ? <OrganisationSwitcher /> : null}
      {user?.organisation_id ? (
        <NavLink to="/settings/members" className={settingsLinkClasses} data-testid="members-link">
          <Users className="h-4 w-4" aria-hidden="true" />
          {t('members')}
        </NavLink>
      ) : null}
      {user?.organisation_id ? (
        <NavLink to="/settings/api-keys" className={settingsLinkClasses} data-testid="api-keys-link">
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {t('apiKeys')}
        </NavLink>
      ) : null}
      {mayReadAudit(user) ? (
        <NavLink to="/audit" className={settingsLinkClasses} data-testid="audit-link">
          <ScrollText className="h-4 w-4" aria-hidden="true" />
          {t('audit')}
        </NavLink>
      ) : null}
      <NavLink to="/settings/security" className={settingsLinkClasses} data-testid="security-link">
        <ShieldCheck className="h-4 w-4" aria-hidden="true" />
        {t('security')}
      </NavLink>
      <Button variant="outline" size="sm" onClick={() => void handleLogout()} isLoading={isLeaving} data-testid="logout-button">
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('logout')}
      </Button>
      <Button
        ref={logoutAllRef}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setHasOpened(true);
          setIsConfirming(true);
        }}
        data-testid="logout-all-button"
      >
        <MonitorX className="h-4 w-4" aria-hidden="true" />
        {t('logoutAll')}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <Dialog
            open={isConfirming}
            onOpenChange={(open) => {
              if (!isRevoking) setIsConfirming(open);
            }}
            title={t('logoutAllTitle')}
            description={t('logoutAllDescription')}
            closeLabel={t('close')}
          >
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                variant="ghost"
                disabled={isRevoking}
                onClick={() => setIsConfirming(false)}
                data-testid="logout-all-cancel"
              >
                {t('cancel')}
              </Button>
              <Button
                variant="danger"
                isLoading={isRevoking}
                onClick={() => void handleLogoutAll()}
                data-testid="logout-all-confirm"
              >
                {t('logoutAll')}
              </Button>
            </div>
          </Dialog>
        </Suspense>
      ) : null}
    </div>
  );
}
