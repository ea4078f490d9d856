import * as client from 'openid-client';
import type { Config } from '../../config/env';
import type { Db } from '../../db/client';
import { AppError, errorText } from '../../errors';
import { recordAudit } from '../audit/audit.repository';
import { insertOidcState, takeOidcState, type UserRow } from './auth.repository';
import { findOrCreateUser, type RequestMeta } from './auth.service';

const GOOGLE_ISSUER = 'https://accounts.google.com';
const STATE_TTL_MS = 10 * 60 * 1000;
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Plain http issuers are only accepted outside production (tests and local providers). */
  allowInsecure: boolean;
  displayName: string;
}

/** OpenID Connect settings, or nothing when the portal has no provider (the button then says so). */
export function oidcSettings(config: Config): OidcSettings | undefined {
  if (!config.OIDC_CLIENT_ID) return undefined;
  const issuer = config.OIDC_ISSUER ?? GOOGLE_ISSUER;
  const url = new URL(issuer);
  const isGoogle = url.hostname === 'accounts.google.com';
  return {
    issuer,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    allowInsecure: url.protocol === 'http:' && !config.isProduction,
    displayName: isGoogle ? 'Google' : url.hostname,
  };
}

/** Discovery is done once and kept; a failure is not kept, so a provider that was down is retried. */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None(),
        settings.allowInsecure ? { execute: [client.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      )
      .catch((err: unknown) => {
        discovered = undefined;
        throw err;
      });
    return discovered;
  };

  return {
    settings,

    /** Stores state, nonce and PKCE verifier, and answers the provider's authorisation URL. */
    async start(db: Db, redirectUri: string): Promise<URL> {
      const config = await configuration();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
      await insertOidcState(db, { state, nonce, codeVerifier, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        state,
        nonce,
      });
    },

    /**
     * Checks state (single use), PKCE and nonce through the token exchange, then finds or creates the user
     * by their verified e-mail address.
     */
    async callback(db: Db, callbackUrl: URL, language: string, meta: RequestMeta): Promise<UserRow> {
      const state = callbackUrl.searchParams.get('state');
      const pending = state ? await takeOidcState(db, state, new Date()) : undefined;
      const fail = async (reason: string, cause?: unknown) => {
        await recordAudit(db, { action: 'auth.login', outcome: 'failure', ip: meta.ip, details: { method: 'oidc', reason } });
        return new AppError('invalid_credentials', errorText('auth.externalFailed'), { cause });
      };
      if (!pending) throw await fail('unknown_state');
      if (callbackUrl.searchParams.get('error')) throw await fail('provider_error');
      const config = await configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        throw await fail('token_exchange', err);
      }
      const claims = tokens.claims();
      if (!claims) throw await fail('no_id_token');
      let email = typeof claims.email === 'string' ? claims.email : undefined;
      let verified = claims.email_verified === true;
      let name = typeof claims.name === 'string' ? claims.name : undefined;
      if (!email) {
        // Some providers keep the address out of the ID token and give it only through userinfo.
        const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub).catch(() => undefined);
        email = typeof info?.email === 'string' ? info.email : undefined;
        verified = info?.email_verified === true;
        name ??= typeof info?.name === 'string' ? info.name : undefined;
      }
      if (!email || !verified) throw await fail('email_not_verified');
      return findOrCreateUser(db, email.trim().toLowerCase(), { name: name?.slice(0, 200) ?? null, language });
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
