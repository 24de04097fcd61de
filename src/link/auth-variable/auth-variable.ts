// `auth.variable`: a credential the address carries (`https://api.example.com/bot{token}`),
// which no OpenAPI security scheme can say. The credential fills that variable of the
// address template (`server.url`), or of every operation's path (`/bot{token}/sendMessage`):
// one segment of the path, never the host (a value there would choose where it goes). It is the call's secret like any
// other credential (the parameter `secret: true`), sent nowhere else; the runtime
// leaves the variable as written until it places the credential (runtime/http/transport.ts).
import type { CredentialSpec } from "@blockwright/runtime/internal";
import type { ManifestAuth } from "../../load/precompiled/manifest-types.js";
import { type LinkContext, type Path, refuseNotWith } from "../context.js";

/** The fields of `auth` a credential of the address does not take: it is one credential, sent one way. */
const NOT_WITH = ["also", "alternatives", "user", "password", "prefix", "flows"] as const;

/**
 * The credential `auth.variable` names: a variable of the path of `server.url`, filled with the parameter's value;
 * undefined (with the problem reported) otherwise.
 */
export function linkAuthVariable(
  ctx: LinkContext,
  auth: ManifestAuth,
  variable: string,
  at: Path,
): CredentialSpec | undefined {
  const ok = refuseNotWith(
    ctx,
    auth,
    NOT_WITH,
    at,
    "a credential the address carries (auth.variable): it is one credential, sent in the address only",
  );
  const template = ctx.manifest.server.url ?? "";
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(template)?.[0] ?? "";
  if (origin.includes(`{${variable}}`)) {
    ctx.fail(
      "BW2012",
      [...at, "variable"],
      `{${variable}} is in the host of ${JSON.stringify(template)}: a credential there would choose where it ` +
        `is sent; auth.variable must be a variable of the address's path`,
      "value",
    );
    return undefined;
  }
  // In the server's path (`https://host/bot{token}`), or in every operation's path (`/bot{token}/sendMessage`).
  const ops = Object.values(ctx.manifest.operations).map((o) => ctx.doc.operations.get(o.operationId));
  const inServer = template.slice(origin.length).includes(`{${variable}}`);
  if (!inServer && !ops.every((op) => op?.path.includes(`{${variable}}`))) {
    ctx.fail(
      "BW2012",
      [...at, "variable"],
      `{${variable}} is no variable of the path of server.url${template ? ` ${JSON.stringify(template)}` : ""}` +
        `, nor of every operation's path in ${ctx.openapiName}`,
      "value",
    );
    return undefined;
  }
  if (!ok) return undefined;
  // Written as the address says: a variable of the server's path with ":" and "@" as they are (RFC 3986 lets a segment
  // hold them; no parameter's style governs it); an operation's path parameter as the document declares it, every
  // reserved character encoded (the simple style) unless each operation's allows them raw (`allowReserved: true`).
  const reserved = ops.every((op) =>
    op?.parameters.some(
      (p) => p.in === "path" && p.name === variable && (p as { allowReserved?: unknown }).allowReserved === true,
    ),
  );
  return { type: "path", name: variable, param: auth.param, ...(inServer || reserved ? { pchar: true as const } : {}) };
}
