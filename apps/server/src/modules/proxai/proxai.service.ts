import type { FastifyBaseLogger } from 'fastify';
import { isLanguage, type Advice, type Language } from '@proxai/contract';
import type { Config } from '../../config/env';
import { headerLanguage } from '../../i18n/messages';
import type { Db } from '../../db/client';
import { parseFacts } from '../hosts/host-facts';
import { planLabel } from '../hosts/hosts.service';
import { getEffectivePlan } from '../licenses/licenses.service';
import { adviceItems, adviceSummary, type Fleet } from './advice-rules';
import { writeAdviceWithModel } from './ai-client';
import { scopeOf } from '../api-keys/key-scope';
import { narrowFleetRows } from '../api-keys/scoped-lists';
import { fleetRows } from './proxai.repository';
import { type AuthUser } from '../../kernel/principal';

/** The UI's language (Accept-Language, sent by the dashboard) wins over the account's stored one. */
export function pickLanguage(acceptLanguage: string | undefined, userLanguage: string | undefined): Language {
  return headerLanguage(acceptLanguage) ?? (userLanguage && isLanguage(userLanguage) ? userLanguage : 'fr');
}

/**
 * The fleet the advice is about. For an API key limited to some hosts or tags: only the hosts and guests it sees,
 * and no plan (the organisation's plan usage is not its business, as in its stats).
 */
async function loadFleet(db: Db, user: AuthUser, organisationId: string, lang: Language): Promise<Fleet> {
  const [rows, effective] = await Promise.all([fleetRows(db, organisationId), getEffectivePlan(db, organisationId)]);
  const { hostRows, guestRows } = await narrowFleetRows(db, user, rows);
  const hostName = new Map(hostRows.map((h) => [h.id, h.name]));
  return {
    ...(scopeOf(user)
      ? {}
      : {
          plan: { name: planLabel(effective.plan, lang), maxHosts: effective.limits.max_hosts, maxVms: effective.limits.max_vms },
        }),
    hosts: hostRows.map((h) => ({
      name: h.name,
      status: h.status,
      lastError: h.lastError,
      pveVersion: h.pveVersion,
      facts: parseFacts(h.facts),
    })),
    guests: guestRows.map((g) => ({
      name: g.name,
      vmid: g.vmid,
      state: g.state,
      hostName: hostName.get(g.hostId) ?? '',
      lastBackupAt: g.lastBackupAt,
    })),
  };
}

/** Advice on what `user` sees of the organisation's fleet (rules, or a model writing from the same facts). */
export async function getAdvice(
  deps: { db: Db; config: Config; log: FastifyBaseLogger },
  user: AuthUser,
  organisationId: string,
  lang: Language,
): Promise<Advice> {
  const fleet = await loadFleet(deps.db, user, organisationId, lang);
  const items = adviceItems(fleet, lang);
  const { config } = deps;
  if (config.AI_BASE_URL) {
    try {
      const advice = await writeAdviceWithModel(
        { baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, model: config.AI_MODEL, timeoutMs: config.AI_TIMEOUT_MS },
        fleet,
        items,
        lang,
      );
      return { advice, items, source: 'ai' };
    } catch (err) {
      deps.log.warn({ reason: err instanceof Error ? err.message : String(err) }, 'AI advice failed; answering with the rules');
    }
  }
  return { advice: adviceSummary(fleet, items, lang), items, source: 'rules' };
}
