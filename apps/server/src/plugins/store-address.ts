import os from 'node:os';
import { ErrorCode, type ErrorBody } from '@bindery/shared';
import type { Config } from '../config.js';

/** What a request says about where it was sent: Host (or X-Forwarded-* behind a trusted proxy). */
export interface RequestAddress {
  method: string;
  /** The request target as sent: a path, or an absolute URL (absolute-form). */
  url: string;
  /** `request.host`: the Host header, or X-Forwarded-Host when TRUST_PROXY trusts the sender. */
  host: string;
  /** `request.protocol`: http or https (X-Forwarded-Proto when TRUST_PROXY trusts the sender). */
  protocol: string;
}

/** How the store answers a request, judged by the host it names. */
export type StoreAddressVerdict =
  /** Served; `storeUrl` is the address every link and redirect of this request uses. */
  | { kind: 'serve'; storeUrl: string }
  /** PUBLIC_URL is set and this GET/HEAD named another host: 308 to the same path there. */
  | { kind: 'redirect'; location: string }
  /** A host the store does not answer to: 421 with a message naming what to set. */
  | { kind: 'refuse'; body: ErrorBody };

/** Paths that answer on any host: load balancers probe by address, providers post by theirs. */
const ANY_HOST_PATH = /^\/api\/(health(\/|$)|webhooks\/)/;

/** A Host value as browsers send it: a name or IPv4 address, or a bracketed IPv6 one; a port. */
const HOST_SHAPE = /^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*\.?)(:\d{1,5})?$/;

/** How long the machine's names and addresses are reused before they are read again. */
const INTERFACES_TTL_MS = 30_000;

/**
 * Decides, for each request, which address the store is at. With PUBLIC_URL set it is that
 * address, and requests naming another host are sent there (GET/HEAD) or refused. Without it, the
 * store is at the address the buyer used, but only when that names this machine: loopback
 * names and addresses, its host name, the addresses of its network interfaces, or ALLOWED_HOSTS.
 * Any other name is refused, so a name an attacker points at the store (DNS rebinding) never
 * becomes the origin of a link or of the cross-site judgement.
 */
export function createStoreAddress(
  config: Pick<Config, 'publicUrl' | 'isPublicUrlSet' | 'allowedHosts'>,
  machine: { names(): Set<string> } = machineNames(),
) {
  const publicUrl = new URL(config.publicUrl);
  const publicBase = config.publicUrl.replace(/\/+$/, '');

  return {
    /** The store's own address when a request's host cannot be used (health, webhooks). */
    fallbackUrl: publicBase,

    judge(request: RequestAddress): StoreAddressVerdict {
      const target = targetOf(request.url);
      if (ANY_HOST_PATH.test(target.pathname)) return { kind: 'serve', storeUrl: publicBase };
      const host = request.host.toLowerCase();
      const hostUrl = HOST_SHAPE.test(host) ? urlOf(publicUrl.protocol, host) : null;

      if (config.isPublicUrlSet) {
        if (hostUrl?.host === publicUrl.host) return { kind: 'serve', storeUrl: publicBase };
        if (request.method === 'GET' || request.method === 'HEAD') {
          return { kind: 'redirect', location: `${publicBase}${target.pathname}${target.search}` };
        }
        return refuse(
          `This store is at ${publicBase}: send the request there, not to ${describe(host)}.`,
        );
      }

      const protocol = request.protocol === 'https' ? 'https:' : 'http:';
      const ownUrl = hostUrl && urlOf(protocol, host);
      if (ownUrl && isAcceptedName(bare(ownUrl.hostname), config.allowedHosts, machine)) {
        return { kind: 'serve', storeUrl: ownUrl.origin };
      }
      return refuse(
        `This store does not answer to ${describe(host)}. Set PUBLIC_URL to the address buyers use (for example https://shop.example.com), or add the name to ALLOWED_HOSTS.`,
      );
    },
  };
}

export type StoreAddress = ReturnType<typeof createStoreAddress>;

/**
 * RFC 9112 §3.2: an HTTP/1.1 request names exactly one Host, or is answered 400. (HTTP/1.0 may
 * name none: some load balancers probe the health check that way.) Node's parser keeps only the
 * first of several, so they are counted in the raw headers. Null when the request is fine.
 */
export function hostHeaderRefusal(request: {
  httpVersionMinor: number;
  rawHeaders: string[];
}): ErrorBody | null {
  const { rawHeaders } = request;
  let hosts = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') hosts += 1;
  }
  if (hosts > 1) {
    return { message: 'The request names more than one Host.', code: ErrorCode.badRequest };
  }
  if (hosts === 0 && request.httpVersionMinor >= 1) {
    return { message: 'The request has no Host header.', code: ErrorCode.badRequest };
  }
  return null;
}

function refuse(message: string): StoreAddressVerdict {
  return { kind: 'refuse', body: { message, code: ErrorCode.misdirected } };
}

function describe(host: string): string {
  return host === '' ? 'a request without a host' : `the host "${host.slice(0, 100)}"`;
}

/** The path and query of a request target, whatever its form. */
function targetOf(url: string): URL {
  try {
    return new URL(url, 'http://target');
  } catch {
    return new URL('http://target/');
  }
}

function urlOf(protocol: string, host: string): URL | null {
  try {
    return new URL(`${protocol}//${host}`);
  } catch {
    return null;
  }
}

/** A hostname without IPv6 brackets or a trailing dot. */
function bare(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
}

function isAcceptedName(
  name: string,
  allowedHosts: readonly string[],
  machine: { names(): Set<string> },
): boolean {
  // Browsers resolve localhost and *.localhost to loopback themselves: no DNS can rebind them.
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (name === '::1' || /^127(\.\d{1,3}){3}$/.test(name)) return true;
  if (allowedHosts.some((allowed) => bare(allowed) === name)) return true;
  return machine.names().has(name);
}

/** This machine's host name (and its .local mDNS name) and the addresses of its interfaces. */
function machineNames() {
  let cached: { names: Set<string>; at: number } | undefined;
  return {
    names(): Set<string> {
      const now = Date.now();
      if (cached && now - cached.at < INTERFACES_TTL_MS) return cached.names;
      const names = new Set<string>();
      const hostname = os.hostname().toLowerCase();
      if (hostname) {
        names.add(hostname);
        names.add(hostname.endsWith('.local') ? hostname : `${hostname}.local`);
      }
      for (const addresses of Object.values(os.networkInterfaces())) {
        for (const address of addresses ?? []) {
          // IPv6 link-local addresses carry a zone (fe80::1%eth0) that a Host header cannot.
          names.add(address.address.toLowerCase().replace(/%.*$/, ''));
        }
      }
      cached = { names, at: now };
      return names;
    },
  };
}
