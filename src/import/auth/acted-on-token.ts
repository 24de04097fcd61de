// A token the operation acts on, by its description: the one an introspection, a revocation or an exchange takes ("An
// access token to introspect.", "The refresh token to revoke.", "the token issued to the client"), never the caller's
// credential sent again, whatever its name (`token`, `access_token`). The operation's input, secret as a token is.

// What an operation does to a token it takes: the token to <verb>, the token to be <verb>ed, <verb> the token.
const VERBS =
  "introspect|inspect|revoke|invalidate|validate|verify|check|exchange|refresh|decode|look\\s+up|describe|rotate|renew";
const TO_VERB = new RegExp(`\\btokens?\\s+(?:that\\s+is\\s+|which\\s+is\\s+)?to\\s+(?:be\\s+)?(?:${VERBS})`, "i");
const VERB_THE = new RegExp(
  `\\b(?:${VERBS})(?:e?d|s|ing)?\\s+(?:the|this|a|an)\\s+(?:[\\w-]+\\s+){0,2}tokens?\\b`,
  "i",
);
// A token another party holds: issued, passed or presented to (or by) a client, an application, an end user; not to
// "your application" (the caller's own).
const HELD_AFTER = String.raw`(?:(?:that|which)\s+(?:has|have|was|were)\s+(?:been\s+)?)?`;
const HELD_HOW = String.raw`(?:issued|passed|presented|given|granted)\s+(?:to|by)\s+(?:the\s+|a\s+|an\s+)?`;
const HELD_WHO = String.raw`(?:(?!your\b)[\w-]+\s+){0,3}?(?:client|app(?:lication)?|(?:end[-\s])?user|endpoint)\b`;
const HELD = new RegExp(String.raw`\btokens?\s+${HELD_AFTER}${HELD_HOW}${HELD_WHO}`, "i");

// A token of a kind no caller's bearer credential is: a refresh token, an ID token, a client's registration access
// token (RFC 7592), which an operation takes to act on, never to authenticate its caller.
const OTHER_KIND = /\b(?:refresh|id|(?:client\s+)?registration(?:\s+access)?)\s+tokens?\b/i;

/** Whether a token's description says it is the token the operation acts on, not the caller's credential. */
export function actedOnToken(description: unknown): boolean {
  return (
    typeof description === "string" &&
    (TO_VERB.test(description) || VERB_THE.test(description) || HELD.test(description) || OTHER_KIND.test(description))
  );
}
