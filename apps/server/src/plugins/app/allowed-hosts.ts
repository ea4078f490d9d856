import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, errorText } from '../../errors';

// DNS rebinding: a page at rebind.attacker.example whose name then resolves to 127.0.0.1 (or to the portal's LAN
// address) talks to the portal from the victim's browser as the same origin; only the Host header still names the
// attacker. The portal answers only to its own names: PUBLIC_URL's host, the names of ALLOWED_HOSTS and, without
// PUBLIC_URL, loopback names and addresses. The CSRF origin check uses the same list (plugins/app/auth.ts).

/** `localhost`, an address of 127/8 or `[::1]`, with or without a port. */
const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d{1,5})?$/i;

/** Routes load balancers and scrapers call by address: they answer whatever the Host. */
const ANY_HOST_ROUTES = new Set(['/api/health', '/api/metrics/prometheus']);

/** A `Host` value split into its lower-case name and its port (empty when none is given). */
function split(host: string): { name: string; port: string } {
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/.exec(host.trim().toLowerCase());
  return { name: match?.[1] ?? '', port: match?.[2] ?? '' };
}

/**
 * Whether the portal answers to this `Host` (or X-Forwarded-Host behind a trusted proxy). An allowed name without a
 * port matches it on any port; with a port, on that port only.
 */
export function hostGuard(options: {
  publicUrl?: string;
  allowedHosts: readonly string[];
}): (host: string | undefined) => boolean {
  const allowed = [...options.allowedHosts.map(split)];
  if (options.publicUrl) {
    const url = new URL(options.publicUrl);
    allowed.push({ name: url.hostname.toLowerCase(), port: url.port });
  }
  return (host) => {
    if (!host) return false;
    if (!options.publicUrl && LOOPBACK_HOST.test(host)) return true;
    const asked = split(host);
    return allowed.some((a) => a.name === asked.name && (a.port === '' || a.port === asked.port));
  };
}

/** The `Host` a request names: X-Forwarded-Host when TRUST_PROXY believes the proxy (Fastify's `request.host`). */
export const requestHost = (request: FastifyRequest): string | undefined => request.host || undefined;

async function allowedHostsPlugin(
  app: FastifyInstance,
  opts: { publicUrl?: string; allowedHosts: readonly string[] },
): Promise<void> {
  const isAllowed = hostGuard(opts);
  app.decorate('isAllowedHost', isAllowed);
  app.addHook('onRequest', async (request) => {
    if (ANY_HOST_ROUTES.has(request.routeOptions.url ?? '')) return;
    if (!isAllowed(requestHost(request))) throw new AppError('host_not_allowed', errorText('request.hostNotAllowed'));
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the portal answers to this host name (plugins/app/allowed-hosts.ts). */
    isAllowedHost: (host: string | undefined) => boolean;
  }
}

export const allowedHosts = fp(allowedHostsPlugin, { name: 'allowed-hosts' });
