// Access tokens kept between calls, one entry per credential set (the grant,
// the token URL and the values that obtain the token). A token is used until
// shortly before it expires (a minute, or half its life when shorter), then
// renewed before the call; one without an expiry is used until the upstream
// answers 401. Renewal is single-flight: however many calls find the token
// stale at once, one token request is sent, and every one of them waits for
// its answer. A renewal whose answer has no refresh token keeps the previous
// one (most token endpoints rotate it only sometimes, some never).

/** What a token endpoint issued (the refresh token kept from before when it sent none). */
export interface TokenSet {
  accessToken: string;
  /** Milliseconds since the epoch (from `expires_in`); absent when the endpoint gives no lifetime. */
  expiresAt?: number;
  refreshToken?: string;
  /** The instance the token is for, when the endpoint says (`instance_url`). */
  instanceUrl?: string;
  scope?: string;
}

/** A renewal's outcome: the new tokens, or the failure every waiting call reports. */
export type Renewal<F> = { tokens: TokenSet } | { failure: F };

interface Entry<F> {
  tokens?: TokenSet;
  /** When to renew before use (ms since the epoch). */
  renewAt?: number;
  pending?: Promise<Renewal<F>>;
}

const LONGEST_MARGIN_MS = 60_000;

export class TokenCache {
  private readonly entries = new Map<string, Entry<unknown>>();

  /**
   * A token for `key`: the cached one while fresh (or `initial`, a token the
   * caller already has, when nothing is cached), else a renewal through
   * `obtain`, shared by every call that asks meanwhile.
   */
  token<F>(
    key: string,
    now: number,
    obtain: (previous: TokenSet | undefined) => Promise<Renewal<F>>,
    initial?: string,
  ): Promise<Renewal<F>> {
    const entry = this.entry<F>(key);
    if (entry.pending) return entry.pending;
    if (!entry.tokens && initial !== undefined) entry.tokens = { accessToken: initial };
    if (entry.tokens && (entry.renewAt === undefined || now < entry.renewAt))
      return Promise.resolve({ tokens: entry.tokens });
    return this.renew(entry, now, obtain);
  }

  /**
   * A new token for `key` after the upstream refused `stale` (a 401): renewed
   * once however many calls were refused with it; a call refused with a token
   * already replaced gets the replacement.
   */
  renewAfterRefusal<F>(
    key: string,
    stale: string,
    now: number,
    obtain: (previous: TokenSet | undefined) => Promise<Renewal<F>>,
  ): Promise<Renewal<F>> {
    const entry = this.entry<F>(key);
    if (entry.pending) return entry.pending;
    if (entry.tokens && entry.tokens.accessToken !== stale) return Promise.resolve({ tokens: entry.tokens });
    return this.renew(entry, now, obtain);
  }

  /** Forget every token (a host signing out). */
  clear(): void {
    this.entries.clear();
  }

  private entry<F>(key: string): Entry<F> {
    let entry = this.entries.get(key) as Entry<F> | undefined;
    if (!entry) {
      entry = {};
      this.entries.set(key, entry as Entry<unknown>);
    }
    return entry;
  }

  private renew<F>(
    entry: Entry<F>,
    now: number,
    obtain: (previous: TokenSet | undefined) => Promise<Renewal<F>>,
  ): Promise<Renewal<F>> {
    const previous = entry.tokens;
    const pending = obtain(previous)
      .then((outcome): Renewal<F> => {
        if ("failure" in outcome) return outcome;
        const tokens: TokenSet = { ...outcome.tokens };
        if (tokens.refreshToken === undefined && previous?.refreshToken !== undefined)
          tokens.refreshToken = previous.refreshToken;
        entry.tokens = tokens;
        entry.renewAt =
          tokens.expiresAt === undefined
            ? undefined
            : tokens.expiresAt - Math.min(LONGEST_MARGIN_MS, (tokens.expiresAt - now) / 2);
        return { tokens };
      })
      .finally(() => {
        entry.pending = undefined;
      });
    entry.pending = pending;
    return pending;
  }
}

/** The cache calls share when the caller gives none (createExecutor gives each executor its own). */
export const sharedTokenCache = new TokenCache();
