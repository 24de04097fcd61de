// The OAuth 2 support as one value (`oauthFlows`): what a call, an executor
// and a client need of the OAuth code (a call's credential by a flow, sending
// with its token, a token cache), given only by packages whose provider
// declares flows (support.ts). Here, not in oauth/: it joins the flows
// (oauth/) with the sending of a call (call/).
import type { OAuthSupport } from "../oauth/flows.js";
import { callCredential } from "../oauth/flows.js";
import { TokenCache } from "../oauth/token-cache.js";
import { sendWithToken } from "./token-send.js";
import { chooseCredential } from "./credential.js";

// `choose`: the call's credential with the flows (credential.ts chooseCredential), which a package without flows does
// not bundle.
export const oauthFlows: OAuthSupport & { send: typeof sendWithToken; choose: typeof chooseCredential } = {
  credential: callCredential,
  tokenCache: () => new TokenCache(),
  send: sendWithToken,
  choose: chooseCredential,
};
