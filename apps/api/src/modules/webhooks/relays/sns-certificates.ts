import { type KeyObject, X509Certificate } from 'node:crypto';
import { productionCertificateUrl } from './sns-envelope';

// The requests our server makes for SNS: the signing certificates (fetched once per URL and kept,
// a bounded number, since SNS names each certificate by its own URL) and the GET that confirms a
// subscription. Each with a timeout, no redirects and a size cap: the URLs come from a request
// body, so a slow or endless answer must not hold the server. The URL rule and fetch are
// injectable for tests only (a local certificate server); the app always uses the production rule.

export interface SnsHttp {
  /** Whether a SigningCertURL may be fetched; production: https on sns.<region>.amazonaws.com, a .pem. */
  certificateUrlAllowed?: (url: string) => boolean;
  fetch?: typeof fetch;
}

export class CertificateRefused extends Error {}
export class CertificateUnavailable extends Error {}

const TIMEOUT_MS = 5_000;
const CERTIFICATE_BYTES = 16 * 1024;
const CONFIRMATION_BYTES = 64 * 1024;
const CACHED_CERTIFICATES = 20;

/** The answer's body, at most `limit` bytes; throws past it, on a non-2xx answer, a redirect or the timeout. */
async function fetchCapped(fetcher: typeof fetch, url: string, limit: number): Promise<string> {
  const response = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) throw new Error(`answered ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > limit) throw new Error('too large');
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function snsCertificates(http: SnsHttp = {}, now: () => Date = () => new Date()) {
  const allowed = http.certificateUrlAllowed ?? productionCertificateUrl;
  const fetcher = http.fetch ?? globalThis.fetch;
  const cache = new Map<string, Promise<{ key: KeyObject; notAfter: number }>>();

  async function load(url: string): Promise<{ key: KeyObject; notAfter: number }> {
    let pem: string;
    try {
      pem = await fetchCapped(fetcher, url, CERTIFICATE_BYTES);
    } catch {
      throw new CertificateUnavailable();
    }
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      throw new CertificateRefused();
    }
    if (Date.parse(certificate.validFrom) > now().getTime()) throw new CertificateRefused();
    return { key: certificate.publicKey, notAfter: Date.parse(certificate.validTo) };
  }

  return {
    allowed,
    /** The public key of the certificate at `url`; CertificateRefused for a URL or certificate not SNS's, CertificateUnavailable when it could not be fetched. */
    async publicKey(url: string): Promise<KeyObject> {
      if (!allowed(url)) throw new CertificateRefused();
      let pending = cache.get(url);
      if (!pending) {
        if (cache.size >= CACHED_CERTIFICATES) cache.delete(cache.keys().next().value!);
        pending = load(url);
        cache.set(url, pending);
        // A failure is not kept: the next message tries again.
        pending.catch(() => cache.delete(url));
      }
      const { key, notAfter } = await pending;
      if (!(notAfter >= now().getTime())) throw new CertificateRefused();
      return key;
    },
    /** GETs a SubscribeURL (already checked by the caller); false when SNS did not answer 2xx in time. */
    async confirm(url: string): Promise<boolean> {
      try {
        await fetchCapped(fetcher, url, CONFIRMATION_BYTES);
        return true;
      } catch {
        return false;
      }
    },
  };
}

export type SnsCertificates = ReturnType<typeof snsCertificates>;
