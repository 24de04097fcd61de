// A credential the address carries (manifest `auth.variable`: `/bot{token}` in
// the server's path): the mock serves the document's server path, its
// variables at their defaults, and takes any one segment where the credential
// goes. A request's path is written back to that served path before the judge
// and Prism read it, as a credential in a header is not theirs to match on.
import type { RequestListener } from "node:http";

/**
 * The served path's credential form: the server path as a pattern (the credential's variable any one segment's text),
 * and the path it stands for.
 */
export interface CredentialPath {
  pattern: RegExp;
  served: string;
}

/**
 * From a manifest's `auth` (as read, unchecked) and the document: undefined unless `auth.variable` names a variable of
 * the first server's path.
 */
export function credentialPathOf(rawAuth: unknown, document: object, served: string): CredentialPath | undefined {
  const variable = (rawAuth as { variable?: unknown } | undefined)?.variable;
  const server = (document as { servers?: { url?: unknown; variables?: Record<string, { default?: unknown }> }[] })
    .servers?.[0];
  if (typeof variable !== "string" || typeof server?.url !== "string") return undefined;
  const path = server.url.replace(/^([a-z][a-z0-9+.-]*:)?\/\/[^/]*/i, "").replace(/\/+$/, "");
  if (!path.includes(`{${variable}}`)) return undefined;
  const escaped = path
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const name = /^\{([^{}]+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      if (name === variable) return "[^/?#]+";
      const value = server.variables?.[name]?.default;
      return String(value ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return { pattern: new RegExp(`^${escaped}(?=[/?#]|$)`), served };
}

/** Each request whose path starts with the credential's form gets the served path in its place. */
export function withCredentialPath(listener: RequestListener, credential: CredentialPath | undefined): RequestListener {
  if (!credential) return listener;
  return (req, res) => {
    if (req.url) req.url = req.url.replace(credential.pattern, credential.served);
    listener(req, res);
  };
}
