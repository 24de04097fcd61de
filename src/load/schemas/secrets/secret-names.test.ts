// Which fields inside a JSON value are secrets by their name: a password, a client's secret, and (since a service's
// API key kept in a settings list was read as a plain text) a key or a token of a kind only a credential is.
import { describe, expect, it } from "vitest";
import { namesSecret, secretField } from "./secret-names.js";

const text = { type: "string" };

describe("secretField", () => {
  it("reads a field named as an API key or a credential's token as a secret, whatever words come before", () => {
    for (const name of ["api_key", "apikey", "apiKey", "zqProviderApiKey", "zq-api-key", "access_token", "zqAuthToken"])
      expect(secretField(name, text), name).toBe(true);
  });

  it("reads a JSON field by the same endings as a parameter (one list): an authentication key, a private token", () => {
    for (const name of ["zqCloudAuthenticationKey", "zq_subscription_key", "zqPrivateToken", "zq-security-token"])
      expect(secretField(name, text), name).toBe(true);
  });

  it("reads an OpenID Connect ID token as a secret (a cloud shell's `idToken`, seed 1274)", () => {
    for (const name of ["idToken", "id_token", "zqIdToken"]) expect(secretField(name, text), name).toBe(true);
    for (const name of ["zqTokenId", "id"]) expect(secretField(name, text), name).toBe(false);
  });

  it("leaves a bare key or token, a key's id, a public key and a page's token plain", () => {
    for (const name of [
      "key",
      "token",
      "zq_api_key_id",
      "public_key",
      "pageToken",
      "monkey",
      "zqKeyName",
      "access_key",
    ])
      expect(secretField(name, text), name).toBe(false);
  });

  // A secret audit of the public directory (seed 1280): a camera's query `key`, "Security key to access snapshots".
  it("reads a bare key as a secret where its description begins by calling it a security key", () => {
    expect(secretField("key", { ...text, description: "Security key to access snapshots." })).toBe(true);
    expect(namesSecret("key", "The security key of the camera.")).toBe(true);
    expect(namesSecret("key", "The security key's name.")).toBe(false);
    expect(namesSecret("key", "Security key id.")).toBe(false);
    expect(namesSecret("key", "The key of the security group.")).toBe(false);
  });

  it("reads a bare token as a secret where its description calls it a JWT or says it authenticates", () => {
    expect(secretField("token", { ...text, description: "JWT token used for authentication" })).toBe(true);
    expect(secretField("token", { ...text, description: "The session's JWT." })).toBe(true);
    expect(secretField("token", { ...text, description: "A token for authentication of the call." })).toBe(true);
    expect(secretField("token", { ...text, description: "The next page's token." })).toBe(false);
  });

  it("still reads a password and a field the document marks format: password", () => {
    expect(secretField("zqPassword", text)).toBe(true);
    expect(secretField("zqCode", { type: "string", format: "password" })).toBe(true);
  });
});

describe("a field named pass inside a JSON value", () => {
  it("is a secret beside an account's name or another password, plain beside other fields", () => {
    expect(secretField("pass", text, ["e_mail", "pass"])).toBe(true);
    expect(secretField("pass", text, ["old_pass"])).toBe(true);
    expect(secretField("old_pass", text)).toBe(true);
    expect(secretField("pass", text, ["zqStudent"])).toBe(false);
    expect(secretField("pass", text)).toBe(false);
  });
});

describe("a field whose name ends in pass after what it unlocks", () => {
  // Found in the public directory (seed 283): a multipart upload of a certificate file beside its `p12Pass`, drafted
  // as a plain required text (a literal taken on the command line, its value in a refusal's message).
  it("is a secret after an account's or a key store's word, whatever words come before", () => {
    for (const name of ["zqP12Pass", "zq_root_pass", "zqApiPass", "zq_registry_pass", "zqKeyStorePass", "zqCertPass"])
      expect(secretField(name, text), name).toBe(true);
  });

  it("stays plain as a pass of another kind", () => {
    for (const name of ["compass", "zqProtectionBypass", "zqRushPass", "zqPayPass", "zqEnableTwoPass", "zqcorppass"])
      expect(secretField(name, text), name).toBe(false);
    // The word a whole one, not the end of another (review53), and nginx's address.
    for (const name of ["zqHockeyPass", "zqConcertPass", "zqAppStorePass", "proxy_pass", "zq-keypass"])
      expect(secretField(name, text), name).toBe(false);
  });
});

describe("a key, a token or a password by its last word and its description", () => {
  const described = (description: string) => ({ ...text, description });

  it("is a secret where the description calls a key private or secret, or a token a JWT", () => {
    expect(secretField("zq_signing_key", described("The custom signing private key to mint JWTs."))).toBe(true);
    expect(secretField("zqEncryptionKey", described("The secret key that decrypts the payload."))).toBe(true);
    expect(secretField("zq_expired_token", described("The JWT that is sent via the session cookie."))).toBe(true);
  });

  // Found in the public directory (a secret audit, seed 1276): a content API's required query `vestorly_auth`,
  // "Vestorly Auth Token", on every operation beside its OAuth scheme, drafted a plain text.
  it("is a secret where the description says an authenticating token and nothing more, whatever the name", () => {
    for (const words of ["Zq Auth Token", "Your access token.", "Session token", "The zq authentication token"])
      expect(namesSecret("zq_auth", words), words).toBe(true);
    for (const words of ["Access token of the user", "The next page token.", "CSRF token", "Auth type", "Token"])
      expect(namesSecret("zq_auth", words), words).toBe(false);
  });

  // Found in the public directory (seed 285, twelve operations): an e-invoicing API's `third_party_password`, "The
  // password to use to authenticate to a system through which to send the document", drafted a plain text.
  it("is a secret as a password after several words, whatever their case", () => {
    for (const name of ["zq_third_party_password", "zqDefaultAdminPassword", "zq-root-db-passwd"]) {
      expect(secretField(name, text)).toBe(true);
      expect(namesSecret(name)).toBe(true);
    }
    expect(secretField("zq_third_party_password_hint", text)).toBe(false);
    expect(secretField("zq_is_passwordless", text)).toBe(false);
  });

  // Found in the public directory (seed 285, twelve operations): a hosting API's domain transfer takes `authCode`,
  // "The authorization code assigned to the domain", drafted a plain text; whoever holds it moves the domain.
  it("is a secret as a domain's transfer or an OAuth authorization code, not as a payment's approval code", () => {
    expect(secretField("zqAuthCode", described("The authorization code assigned to the domain."))).toBe(true);
    expect(secretField("zq_auth_code", described("Authorization code which allows the transfer to execute."))).toBe(
      true,
    );
    expect(secretField("zqAuthorizationCode", described("Optional OAuth2 authorization code to use."))).toBe(true);
    expect(secretField("zqAuthCode", described("When the payment is authorised, this field holds its code."))).toBe(
      false,
    );
  });

  // Review55: an OAuth code in RFC 6749's words, an EPP code and an undescribed `authCode` were drafted plain, and an
  // approval code whose description mentions a bank transfer was drafted secret.
  it("is a secret as an OAuth code in RFC 6749's words, an EPP code, or such a code nothing describes", () => {
    const oauth = described("The authorization code received from the authorization server.");
    expect(secretField("zq_authorization_code", oauth)).toBe(true);
    expect(secretField("zq_epp_code", described("The EPP code."))).toBe(true);
    const approved = described("The OAuth code the app gets once the user approved it, exchanged for a token.");
    expect(secretField("zqAuthCode", approved)).toBe(true);
    for (const name of ["zqEppCode", "zqAuthCode", "epp_code"]) {
      expect(secretField(name, text), name).toBe(true);
      expect(namesSecret(name), name).toBe(true);
    }
  });

  it("leaves a payment's approval code plain, a bank transfer in its description", () => {
    const approval = described("The approval code of the card payment, or the reference of the bank transfer.");
    expect(secretField("zqAuthCode", approval)).toBe(false);
    expect(namesSecret("zq_authorization_code", "Code the bank returns once the transfer is approved.")).toBe(false);
    expect(secretField("zqAuthCode", described("Approval code of the transaction."))).toBe(false);
  });

  // Found in the public directory (seed 288): a betting API's header `apiTicket`, "The authentication ticket associated
  // with the user session" (a ticket-granting ticket from its sessions API), drafted a plain text.
  it("is a secret as a session's ticket by the word before it or its description, not as a support ticket", () => {
    for (const name of ["zqApiTicket", "X-Zq-Auth-Ticket", "zq_session_ticket", "apiTicket"]) {
      expect(secretField(name, text), name).toBe(true);
      expect(namesSecret(name), name).toBe(true);
    }
    expect(namesSecret("zqTicket", "Ticket Granting Ticket obtained from a previous request")).toBe(true);
    expect(namesSecret("zq_ticket", "The authentication ticket of the user's session.")).toBe(true);
    expect(namesSecret("zqParentTicket", "Parent jira experiment ticket.")).toBe(false);
    expect(namesSecret("zq_ticket", "The support ticket the message belongs to.")).toBe(false);
    expect(namesSecret("zqKerberosTicket", "Ticket Cache Path of Kerberos Ticket.")).toBe(false);
    expect(secretField("zqMatchmakingTicket", text)).toBe(false);
  });

  // Found in the public directory (seed 288, twelve operations): a shop's path `resetPasswordLinkToken`, undescribed,
  // drafted a plain text; whoever holds the token sets the customer's password.
  it("is a secret as a password's reset token, not as another token nothing describes", () => {
    for (const name of ["zqResetPasswordLinkToken", "zq_forgotten_password_token", "resetToken", "zq-password-token"])
      expect(namesSecret(name), name).toBe(true);
    expect(namesSecret("zqWidgetToken")).toBe(false);
    expect(namesSecret("zq_reset_at")).toBe(false);
  });

  // Found in the public directory (seed 289, twelve operations): a hook's `token`, "Secret token to validate received
  // payloads", drafted a plain text.
  it("is a secret as a token described as a secret token, not as a token of a page", () => {
    expect(namesSecret("token", "Secret token to validate received payloads.")).toBe(true);
    expect(namesSecret("zq_hook_token", "The secret-token the hook signs with.")).toBe(true);
    expect(namesSecret("token", "The token of the next page.")).toBe(false);
    expect(namesSecret("token", "The name of the secret token to read.")).toBe(false);
  });

  // Found in the public directory (seed 290): a sign-in's token in a path (`/auth/{token}/…`, described only
  // "token"), a login token in a query, a session's identifier named a token, each drafted a plain text.
  it("is a secret as a sign-in's token by its operation or its description, not as a token of another call", () => {
    expect(namesSecret("token", "token", { words: "/zq/auth/{token}/profile Get the profile" })).toBe(true);
    expect(namesSecret("token", undefined, { words: "/zq/logout/{token} Log out" })).toBe(true);
    expect(namesSecret("token", "", { words: "/oauth/zq/refresh-tokens/{token}" })).toBe(true);
    expect(namesSecret("token", "The login token the sign-in returned.", { words: "/zq/orders" })).toBe(true);
    expect(namesSecret("zqUserToken", "Session identifier as returned by the sign-in.")).toBe(true);
    expect(namesSecret("token", "token", { words: "/zq/widgets/{token}/tags Tag a widget" })).toBe(false);
    expect(namesSecret("token", "The token of the next page.", { words: "/zq/sessions List sessions" })).toBe(false);
    expect(namesSecret("zqWidgetToken", undefined, { words: "/zq/auth/{zqWidgetToken}" })).toBe(false);
    expect(namesSecret("zqToken", "The session's id, which the list shows.", { words: "/zq/a" })).toBe(false);
  });

  // Found in the public directory (seed 292): a password reset's and a mail check's `token` in a body, described "The
  // token" (the name and an article), drafted a plain text though whoever holds it sets the account's password.
  it("is a secret as a bare token described by its name alone in a password reset's or a mail check's call", () => {
    expect(namesSecret("token", "The token", { words: "/zq/setForgotPassword sets a new password" })).toBe(true);
    expect(namesSecret("token", "The token", { words: "/zq/validateMailToken validates the mail token" })).toBe(true);
    expect(namesSecret("token", "A token.", { words: "/zq/password-reset Reset the password" })).toBe(true);
    expect(namesSecret("token", undefined, { words: "/zq/users/verify Verify the e-mail address" })).toBe(true);
    expect(namesSecret("token", "The token", { words: "/zq/auth/session Sign in" })).toBe(true);
    expect(namesSecret("token", "The token", { words: "/zq/widgets/{id}/tags Tag a widget" })).toBe(false);
    expect(namesSecret("token", "The token of the next page.", { words: "/zq/password-reset Reset" })).toBe(false);
    expect(namesSecret("zqWidgetToken", "The token", { words: "/zq/forgotPassword" })).toBe(false);
  });

  // A secret audit of the public directory (seed 1282): a TV catalogue's `POST /auth/poll` body `token` and a network
  // API's `/verify/{token}`, each described only as "The token field." / "The token parameter." (add's words for a
  // value the document leaves undescribed), drafted a plain text.
  // The same audit (seed 1284): a sales API's subscription `callback_token`, "Any string to be used as a shared secret
  // when subscription events are published", drafted a plain text.
  it("reads a token described as a shared secret as a secret", () => {
    const said = "Any string to be used as a shared secret when subscription events are published.";
    expect(namesSecret("zq_callback_token", said)).toBe(true);
    expect(namesSecret("zq_callback_token", "The callback's correlation token.")).toBe(false);
  });

  it("reads 'The token field.' or 'The token parameter.' as described by its name alone", () => {
    const poll = { words: "POST /zq/auth/poll Poll whether an authentication request was confirmed" };
    expect(namesSecret("token", "The token field.", poll)).toBe(true);
    expect(namesSecret("token", "The token parameter.", { words: "GET /zq/verify/{token} Verify self email" })).toBe(
      true,
    );
    expect(namesSecret("token", "The token field.", { words: "POST /zq/widgets/{id}/tags Tag a widget" })).toBe(false);
  });

  // Found in the public directory (seed 290): a DNS server's TSIG `key`, "The Base64 encoded secret key".
  it("is a secret as a bare key described as encoded key material, not as a secret store's key", () => {
    expect(namesSecret("key", "The Base64 encoded secret key of the zq record.")).toBe(true);
    expect(namesSecret("key", "The secret key for the codes, encoded as a Base16 string.")).toBe(true);
    expect(namesSecret("key", "A hex-encoded private key.")).toBe(true);
    expect(namesSecret("key", "The secret key; up to 100 characters.")).toBe(false);
    expect(namesSecret("key", "The key of the secret to select. Must be a valid secret key.")).toBe(false);
  });

  it("is a secret as a password's hash, not as the hash's algorithm", () => {
    for (const name of ["password_digest", "zqPasswordHash", "zq_password_hashed"])
      expect(secretField(name, text), name).toBe(true);
    expect(secretField("password_hasher", described("The algorithm that made the digest."))).toBe(false);
  });

  it("stays plain as a public key, a key's id, a sort key or a page's token", () => {
    expect(secretField("zq_public_key", described("The public key beside the private key."))).toBe(false);
    expect(secretField("zq_sort_key", described("The field the list is sorted by."))).toBe(false);
    expect(secretField("zq_next_page_token", described("The token of the next page."))).toBe(false);
    expect(secretField("zq_signing_key", described("Whether a custom signing key is used."))).toBe(false);
  });
});

// review54: a key described as granting access was drafted secret though plain: a public key, a public link's key and
// a partition's key, each then refused under 8 characters before any request.
describe("a key described as granting access", () => {
  const described = (description: string) => ({ ...text, description });

  it("is a secret where it lets a caller in: to an account, a board, or anyone holding a private link", () => {
    expect(secretField("zqSharingKey", described("A key granting access to the shared board."))).toBe(true);
    expect(secretField("zq_access_key", described("The key that gives access to your account."))).toBe(true);
    expect(secretField("zq_primary_key", described("Grants access to the API."))).toBe(true);
    expect(secretField("zq_share_key", described("The key giving read access to anyone with the link."))).toBe(true);
  });

  it("stays plain as a public key, a public link's key or a key to a place in the data", () => {
    expect(secretField("zq_public_key", described("The SSH public key that grants access to the server."))).toBe(false);
    expect(secretField("zq_ssh_key", described("The SSH public key that grants access to the server."))).toBe(false);
    expect(secretField("zq_share_key", described("The public share key, giving read access to anyone."))).toBe(false);
    expect(secretField("zq_partition_key", described("The key that provides access to the partition."))).toBe(false);
    expect(secretField("zq_lookup_key", described("The key that provides access to the shard's rows."))).toBe(false);
  });
});

// review54: a page token under an object whose description mentions integrations was drafted secret.
describe("a bare token inside an object holding a service's credentials", () => {
  const integrations = { name: "zq_links", description: "The workspace's integrations, a page at a time." };

  it("is a secret unless its own description calls it a page's token", () => {
    expect(secretField("token", text, [], integrations)).toBe(true);
    expect(secretField("token", { ...text, description: "The integration's token." }, [], integrations)).toBe(true);
    for (const description of ["The next page token.", "A cursor to the rest of the list.", "Token of a later page."])
      expect(secretField("token", { ...text, description }, [], integrations), description).toBe(false);
  });

  it("in a form's bracketed path too: a service's token secret, a page's plain", () => {
    expect(namesSecret("zq_service[token]")).toBe(true);
    expect(namesSecret("zq_service[token]", "The next page token.")).toBe(false);
  });
});

// review: a body's `token` described as a one-time token that lets its holder act ("The move-in token from Move
// Requested email") was drafted plain; a page's token, a count of tokens, a token's type or name stays plain.
describe("a token its description says grants an action", () => {
  const secret = [
    "The move-in token from Move Requested email.",
    "The confirmation token sent to the zq user.",
    "Verification token from the zq sign-up message.",
    "The invite token of the zq workspace.",
    "A one-time token that authorizes the zq transfer.",
    "Transfer token for the zq domain.",
    "Token that confirms the zq subscription.",
  ];
  const plain = [
    "The continuation token of the zq list.",
    "Token for the next page of zq results.",
    "The number of tokens the zq prompt used.",
    "Token count of the zq completion.",
    "The token type, bearer or mac.",
    "Name of the token to create in zq.",
    "The device token that allows zq to send push notifications.",
  ];
  it.each(secret)("`token` and `zq_token` described %j are secrets", (description) => {
    expect(namesSecret("token", description)).toBe(true);
    expect(namesSecret("zq_token", description)).toBe(true);
  });
  it.each(plain)("`token` and `zq_token` described %j stay plain", (description) => {
    expect(namesSecret("token", description)).toBe(false);
    expect(namesSecret("zq_token", description)).toBe(false);
  });
});

// issue 59: a one-time token named as an action's and described by nothing (`confirmation_token`) was drafted plain.
describe("a token its name alone says grants an action", () => {
  const secret = [
    "confirmation_token",
    "zqInviteToken",
    "reset_token",
    "verification_token",
    "password_reset_token",
    "zq_transfer_token",
    "one_time_token",
    "X-Zq-Confirmation-Token",
  ];
  const plain = ["token_type", "token_count", "next_token", "push_token", "device_token", "csrf_token", "zq_token"];
  it.each(secret)("%s with no description is a secret", (name) => {
    expect(namesSecret(name)).toBe(true);
    expect(namesSecret(name, "")).toBe(true);
  });
  it.each(plain)("%s with no description stays plain", (name) => {
    expect(namesSecret(name)).toBe(false);
  });
  it("stays plain where its description says a page's or a count", () => {
    expect(namesSecret("confirmation_token", "The next page token of the zq list.")).toBe(false);
    expect(namesSecret("invite_token", "The number of tokens the zq invite used.")).toBe(false);
  });
});
