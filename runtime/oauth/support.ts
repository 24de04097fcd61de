// The OAuth 2 support as one value (`oauthFlows`): what a call, an executor
// and a client need of the OAuth code, given only by packages whose provider
// declares flows (call/support.ts).
import { callCredential, type OAuthSupport } from "./flows.js";
import { TokenCache } from "./token-cache.js";

export const oauthFlows: OAuthSupport = { credential: callCredential, tokenCache: () => new TokenCache() };
