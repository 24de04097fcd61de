// Secrets read by what their descriptions or names say of the value held, found by secret audits of the public
// directory: a stored secret's value, an account's or a workspace's key, a session cookie's value (secret-names.ts,
// key-descriptions.ts).
import { describe, expect, it } from "vitest";
import { namesSecret, secretField } from "./secret-names.js";

const text = { type: "string" };

describe("namesSecret, by what the value holds", () => {
  // Found in the public directory (link audit 1290): a container engine's secret `Data`, "Base64-url-safe-encoded (RFC
  // 4648) data to store as secret", drafted a plain text: the secret itself, in clear wherever the call was written.
  it("is a secret as a stored secret's value by its description, whatever its name; not its name or version", () => {
    expect(namesSecret("Data", "Base64-url-safe-encoded (RFC 4648) data to store as secret.")).toBe(true);
    expect(namesSecret("value", "The value of the secret.")).toBe(true);
    expect(namesSecret("zqData", "The secret data. Must be no larger than 64KiB.")).toBe(true);
    expect(namesSecret("Name", "User-defined name of the secret.")).toBe(false);
    expect(namesSecret("zqVersion", "The secret value's version.")).toBe(false);
    expect(namesSecret("zqSize", "The secret value length.")).toBe(false);
    expect(namesSecret("value", "The value of the setting.")).toBe(false);
  });

  // Found in the public directory (link audit 1288): a cluster's monitoring body `primaryKey`, "The Zq
  // Monitoring Suite (ZMS) workspace key", drafted a plain text beside the workspace's id: its holder writes the
  // workspace's logs.
  it("is a secret as a key described as an account's, a workspace's, a shared, access, master or admin key", () => {
    expect(namesSecret("zqPrimaryKey", "The Zq Monitoring Suite (ZMS) workspace key.")).toBe(true);
    expect(namesSecret("zqStorageKey", "The storage account key.")).toBe(true);
    expect(namesSecret("zqHubKey", "The shared access key of the hub.")).toBe(true);
    expect(namesSecret("zqQueryKey", "The service's admin key, for writes.")).toBe(true);
    expect(namesSecret("zqPrimaryKey", "The name of the table's primary key column.")).toBe(false);
    expect(namesSecret("zqAccessKey", "The access key ID of the user.")).toBe(false);
    expect(namesSecret("zqWorkspaceKey", "The workspace key name.")).toBe(false);
    expect(namesSecret("zqSortKey", "The key the list is sorted by.")).toBe(false);
  });

  // Found in the public directory (link audit 1288): a media API's query `identity_cookie`, "The zq-id cookie value",
  // and a cloud's header `Cookie` on its sign-in pages, each drafted a plain text: whoever holds a session's cookie is
  // signed in as its user.
  it("is a secret as a cookie's value, not as a cookie's name, domain or consent", () => {
    for (const name of ["Cookie", "zq_identity_cookie", "zqSessionCookie", "X-Zq-Cookies"]) {
      expect(namesSecret(name), name).toBe(true);
      expect(secretField(name, text), name).toBe(true);
    }
    expect(namesSecret("zq_identity_cookie", "The zq-id cookie value")).toBe(true);
    expect(namesSecret("zqCookie", "The name of the cookie to set.")).toBe(false);
    expect(namesSecret("zq_cookie", "Cookie domain, such as .zq.example.")).toBe(false);
    expect(namesSecret("zqCookie", "Whether the visitor gave cookie consent.")).toBe(false);
    expect(namesSecret("zqCookieName")).toBe(false);
    expect(secretField("zqAcceptCookie", { type: "boolean" })).toBe(false);
  });

  // Found in the public directory (link audit 1290): a bank's `oauth_code`, "The OAuth code returned by Zqwise we
  // should be using to gain access to the user's Zqwise account", drafted a plain text: whoever holds it takes the
  // token.
  it("is a secret as an OAuth code by its name, not as a payment's approval code", () => {
    const said = "The OAuth code returned by Zqwise we should be using to gain access to the user's Zqwise account.";
    expect(namesSecret("oauth_code", said)).toBe(true);
    expect(namesSecret("zqOauth2Code")).toBe(true);
    expect(namesSecret("zq_oauth_code", "Approval code of the card payment.")).toBe(false);
  });

  // Found in the public directory (link audit 1292): a media server's query `pw`, "Password.", drafted a plain text.
  it("is a secret as a value described as a password and nothing more, whatever its name", () => {
    expect(namesSecret("pw", "Password.")).toBe(true);
    expect(namesSecret("zqPw", "The user's password")).toBe(true);
    expect(namesSecret("zqClave", "Contraseña")).toBe(true);
    expect(namesSecret("zqPolicy", "Password policy.")).toBe(false);
    expect(namesSecret("zqLength", "Minimum password length.")).toBe(false);
    expect(secretField("zqHasPw", { type: "boolean", description: "Password." })).toBe(false);
  });
});
