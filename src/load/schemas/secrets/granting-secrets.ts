// Names whose value grants its holder something only where words say so (secret-names.ts asks): a one-time token
// that lets whoever holds it act (a confirmation's, a transfer's, a reset's), an authorization or EPP code that
// moves a domain or yields an OAuth token, a ticket or a token a sign-in hands out. Apart from secret-names.ts for its
// size.

// A one-time token that lets its holder act (review: "The move-in token from Move Requested email", drafted
// plain): a confirmation's, a verification's, an invitation's, a transfer's, a reset's; one said to authorize, grant
// or confirm something, or "to reset the password"; one sent by email or text message, or received in an invitation
// ("Token received in an invitation to join the score"). Whoever holds it does what it allows.
const ACTION_TOKEN_WORDS = new RegExp(
  "\\b(one[- ]?time|single[- ]use|confirm(ation)?|verif(y|ication)|invit(e|ation)|transfer|move[- ]in|" +
    "(password[- ])?reset|activation|magic[- ]link|claim|approval|unsubscribe|redemption|redeem)\\b" +
    "[^.;]{0,30}\\btokens?\\b|" +
    "\\btokens?\\b[^.;]{0,60}\\b(authori[sz](es?|ing)|grants?|granting|allows?|lets|confirms?|verif(y|ies)|" +
    "approves?)\\b|\\btokens?\\s+to\\s+reset\\b|" +
    "\\btokens?\\b[^.;]{0,40}\\b(from|in|sent|received|emailed|texted)\\b[^.;]{0,40}" +
    "\\b(e-?mails?|sms|text messages?|invit(e|ation)s?)\\b",
  "i",
);
// ...never a page's or a stream's, a count or a limit of tokens (a model's), a token's type, kind, name or id, nor a
// device's address for push notifications.
const NO_ACTION_TOKEN_WORDS = new RegExp(
  "\\b(pages?|paging|paginat\\w*|cursor|next|continuation|sync|device|push)\\b|" +
    "\\btokens?[ -](counts?|usage|limits?|types?|kinds?|names?|ids?|lengths?|budget)\\b|" +
    "\\b(number|count|amount|type|kind|name|id|identifier)\\s+of\\s+(the\\s+|a\\s+)?tokens?\\b|" +
    "\\b(input|output|prompt|completion|max(imum)?|total)[ _-]tokens?\\b",
  "i",
);

// ...or, undescribed, a name saying one (`confirmation_token`, `one_time_token`, a password's `reset_token`,
// `resetPasswordLinkToken`, `forgotten_password_token`), or a gift card's `redemptionToken` (whoever holds it spends
// the card). Not a page's (`next_token`), a device's (`push_token`), nor a
// form's `csrf_token`: it pairs a form with its session cookie, granting nothing alone.
const ACTION_NAME_WORDS = new Set([
  ..."confirm confirmation verify verification invite invitation transfer reset password forgotten".split(" "),
  ..."activation activate magic claim approval unsubscribe otp onetime redemption redeem".split(" "),
]);

/** Whether a token's name (its words, the last `token`) says a one-time token that lets its holder act. */
export function actionTokenName(words: readonly string[]): boolean {
  const before = words.slice(0, -1);
  return before.some((w, i) => ACTION_NAME_WORDS.has(w) || (w === "one" && before[i + 1] === "time"));
}

/** Whether a description says a token is a page's, a device's or a count. */
export const describesOther = (description: unknown): boolean =>
  typeof description === "string" && NO_ACTION_TOKEN_WORDS.test(description);

/** Whether a token's description says it grants its holder an action (a one-time token), never a page's or a count. */
export function actionToken(description: string): boolean {
  return ACTION_TOKEN_WORDS.test(description) && !NO_ACTION_TOKEN_WORDS.test(description);
}

/**
 * Whether a description says no more than the name (its words): none, or "The token field.", "The authorization_code
 * parameter." (add's words for a value the document leaves undescribed, or a publisher's).
 */
export function saysOnlyItsName(words: readonly string[], description: unknown): boolean {
  if (typeof description !== "string") return true;
  const own = description
    .replace(/^\W*(the|an?)\s+/i, "")
    .replace(/\s+(field|parameter|param|value)\W*$/i, "")
    .replace(/[\W_]+/g, "")
    .toLowerCase();
  return own === "" || own === words.join("");
}

// An authorization code (`authCode`, `auth_code`) is a credential where its description says it lets a domain be
// transferred ("Authorization code from registrar for transferring a domain": whoever holds it moves the domain) or
// is an OAuth code; a payment's approval code ("When the payment is authorised, this field holds…") is none.
// A domain's, a registrar's or an OAuth code by its words wins over a payment's word beside them (an OAuth code "the
// user approved"); a bare "transfer" says a domain's only where no payment's word does.
const DOMAIN_OR_OAUTH_CODE_WORDS = /\b(domains?|registrars?|oauth ?2?|epp|authori[sz]ation server)\b/i;
const TRANSFER_CODE_WORDS = /\btransfer(s|red|ring)?\b/i;
// ...and none where its description says it is a payment's, a card's or a transaction's approval code (review55: a
// "bank transfer" in one read as a domain's transfer): a reference of what was paid, no credential.
const PAYMENT_CODE_WORDS = /\b(payments?|paid|cards?|transactions?|bank|charges?|purchases?|merchants?|approv\w*)\b/i;

/**
 * Whether an authorization, OAuth or EPP code (`authCode`, `oauth_code`, `epp_code`) is a secret: by its name alone
 * where nothing describes it (review55: drafted plain, yet whoever holds one moves a domain or takes a token), else
 * where its description says a domain's transfer or an OAuth code (RFC 6749: "received from the authorization
 * server"), not a payment's.
 */
export function authorizationCodeSecret(words: readonly string[], description: unknown): boolean | undefined {
  // OAuth 1's verifier (`oauth_verifier`: the code a user's grant hands back, exchanged for the access token) and a
  // PKCE code's (`code_verifier`, the secret its challenge was made from).
  if (words.at(-1) === "verifier" && /^(oauth|code)$/.test(words.at(-2) ?? "")) return true;
  // An auth code written as one word (`salesforceAuthcode`) is one too.
  if (words.at(-1) === "authcode") return authorizationCodeSecret([...words.slice(0, -1), "auth", "code"], description);
  if (!/^(auth|authorization|epp|oauth2?)$/.test(words.at(-2) ?? "") || words.at(-1) !== "code") return undefined;
  if (typeof description !== "string" || saysOnlyItsName(words, description)) return true;
  if (DOMAIN_OR_OAUTH_CODE_WORDS.test(description)) return true;
  return !PAYMENT_CODE_WORDS.test(description) && TRANSFER_CODE_WORDS.test(description);
}

// A ticket a sign-in hands out and later calls send (`apiTicket`, "The authentication ticket associated with the user
// session"; a CAS ticket-granting ticket, TGT) is a session's credential; a support, a jira or a travel ticket is none.
const SESSION_TICKET_NAME = /^(api|auth|authentication|session|login|access|sso|tgt)$/;
const SESSION_TICKET_WORDS = /\b(authentication|session|login|sign[- ]?in)[ -]ticket\b|\bticket[ -]granting\b|\bTGT\b/i;

/** Whether a name ending in `ticket` is a session's credential: by the word before it, else by its description. */
export function sessionTicket(words: readonly string[], description: unknown): boolean {
  if (SESSION_TICKET_NAME.test(words.at(-2) ?? "")) return true;
  return typeof description === "string" && SESSION_TICKET_WORDS.test(description);
}

// A sign-in's token (seed 290): a bare `token` nothing describes but its name, in an operation whose address or
// summary says a sign-in, a session or an OAuth token (`/auth/{token}/basicuserinformation`, `/auth/logout/{token}`,
// `/oauth/v1/refresh-tokens/{token}`); or a token described as a login token or as a session's identifier ("Session
// identifier as returned by the UserToken resource"). Whoever holds it is the user. Not a page's token (described).
const SIGN_IN_OPERATION_WORDS =
  /\b(auth|authenticat\w*|oauth2?|log ?(in|out|on|off)|sign ?(in|out)|sessions?|(access|refresh) tokens?)\b/i;
const SIGN_IN_TOKEN_WORDS =
  /\b(log ?in|log ?on|sign[ -]?in)[ -]tokens?\b|^\W*(the|an?)?\s*session[ -](id|identifier)\b/i;
// ...or in a call whose address or summary says a password's reset or a check of a mail address (seed 292:
// `/authentication/setForgotPassword`, `/authentication/validateMailToken`, the body's `token` described "The
// token"): the token the mail carried, whoever holds it sets the password or confirms the address.
const ACTION_OPERATION_WORDS = new RegExp(
  "\\b(forgot(ten)?|lost|reset|recover|new|set) ?password\\b|\\bpassword ?(reset|recovery)\\b|" +
    "\\b(e-?)?mail ?tokens?\\b|\\b(verify|verification|confirm|confirmation|activate|activation)\\b",
  "i",
);

/**
 * Whether a token (its name's words) is a sign-in's: by its description, or, undescribed (or described by its name
 * alone, "The token", "The token field."), by its call: a sign-in's, a session's, a password reset's or a mail check's.
 */
export function signInToken(words: readonly string[], description: unknown, operation = ""): boolean {
  if (!saysOnlyItsName(words, description)) return SIGN_IN_TOKEN_WORDS.test(description as string);
  const call = operation.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[/_.{}-]+/g, " ");
  return words.length === 1 && (SIGN_IN_OPERATION_WORDS.test(call) || ACTION_OPERATION_WORDS.test(call));
}

// A token described as one a sign-in hands out ("User Token obtained through user authentication", "Developer Token
// obtained through admin authentication": a platform's `ClearBlade-UserToken` header, seed 1316), whatever its name
// (`clearbladeUsertoken`, one word): whoever holds it is the user.
const SIGNED_IN_TOKEN = new RegExp(
  "\\btokens?\\s+(obtained|received|returned|issued)\\s+(through|by|from|via|after|on)\\s+(the\\s+|an?\\s+)?" +
    "([\\w-]+\\s+)?(authentication|log ?in|sign[ -]?in)\\b",
  "i",
);

/** Whether a description says the value is a token a sign-in hands out. */
export function describedAsSignedInToken(description: unknown): boolean {
  return typeof description === "string" && SIGNED_IN_TOKEN.test(description);
}
