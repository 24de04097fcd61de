// A flow's token request format held to the document's own token endpoint: where the document describes the POST at
// the token URL (a provider's `POST /oauth2/token` taking `{grant_type, client_id, client_secret}` as JSON), a form
// sent to an endpoint that takes only JSON is refused by it, and JSON sent to one that takes only a form too; the mocks
// and the contract suite would not see it, as they answer the token request themselves. Where the document takes JSON,
// the JSON type it names (a vendor's `+json`) is the one a JSON token request is sent as.
import type { OAuthFlowSpec } from "@blockwright/runtime/internal";
import { formatPosition } from "../../load/yaml-source.js";
import { valueAt } from "../../load/json-ref.js";
import { bareMediaType, isJsonMediaType } from "../../load/media-types.js";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { LinkContext, Path } from "../context.js";

const FORM = "application/x-www-form-urlencoded";

/** The document's POST at the token URL (its path under the API's address, or the URL's whole path on its host). */
function tokenOperation(ctx: LinkContext, tokenUrl: string): OpenApiOperation | undefined {
  let token: URL;
  let base: URL | undefined;
  try {
    token = new URL(tokenUrl);
    base = ctx.manifest.server.default ? new URL(ctx.manifest.server.default) : undefined;
  } catch {
    return undefined;
  }
  if (base && base.origin !== token.origin) return undefined;
  const prefix = base ? base.pathname.replace(/\/+$/, "") : "";
  for (const op of ctx.doc.operations.values())
    if (op.method.toLowerCase() === "post" && (token.pathname === `${prefix}${op.path}` || token.pathname === op.path))
      return op;
  return undefined;
}

/** The media types the operation's request body is declared in, as written (none when it declares no body). */
function bodyTypes(ctx: LinkContext, op: OpenApiOperation): string[] {
  const raw = valueAt(ctx.doc.source.data, op.location) as Record<string, unknown> | undefined;
  const body = raw?.requestBody ? ctx.doc.resolve(raw.requestBody as Record<string, unknown>) : undefined;
  const content = body?.content;
  return content && typeof content === "object" ? Object.keys(content) : [];
}

/**
 * The flow's format checked against the document's token operation, if it describes one with a body; the JSON type a
 * JSON token request goes as, where the document names one.
 */
export function checkTokenFormat(ctx: LinkContext, spec: OAuthFlowSpec, at: Path): void {
  if (spec.tokenUrl.includes("{")) return;
  const op = tokenOperation(ctx, spec.tokenUrl);
  const types = op ? bodyTypes(ctx, op) : [];
  if (!op || types.length === 0) return;
  const form = types.some((t) => bareMediaType(t) === FORM);
  const json = types.find((t) => bareMediaType(t) === "application/json") ?? types.find(isJsonMediaType);
  const where = `${op.method.toUpperCase()} ${op.path} (${formatPosition(ctx.doc.source.locate(op.location))})`;
  const takes = `takes its body as ${types.join(", ")} only`;
  if (spec.tokenFormat === "json") {
    if (!json)
      ctx.fail(
        "BW2012",
        [...at, "tokenFormat"],
        `tokenFormat json, but the document's own token endpoint ${where} ${takes}: the JSON token request would ` +
          `be refused; leave tokenFormat out (a form, as RFC 6749 says)`,
        "value",
      );
    else if (bareMediaType(json) !== "application/json") spec.tokenMediaType = json;
  } else if (!form && json)
    ctx.fail(
      "BW2012",
      [...at, ...(spec.tokenFormat === undefined ? [] : ["tokenFormat"])],
      `the document's own token endpoint ${where} ${takes}: a form-encoded token request would be refused; ` +
        `declare tokenFormat: json`,
      spec.tokenFormat === undefined ? "key" : "value",
    );
}
