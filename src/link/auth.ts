// `auth`: the OpenAPI security scheme the calls use, and the shared
// parameter holding the credential (secret). The scheme decides where the
// credential goes: a bearer header, or a named header or query key.
// `covers`: the document's own parameters for that same credential (a
// `token` header, query parameter or form field that RPC-style APIs declare
// required beside their security scheme), which the credential satisfies:
// nothing else supplies them, and nothing sends them.
import type { AuthSpec } from "@blockwright/runtime/internal";
import { slotNameProblem } from "../model/naming.js";
import { type CredentialPlacement, credentialOf, type SecurityScheme, slotKey } from "../load/openapi-document.js";
import type { ManifestAuth } from "../load/precompiled/manifest-types.js";
import type { ProviderEntry } from "../model/surface-entry.js";
import type { LinkContext } from "./context.js";
import type { SlotSender } from "./wire.js";

export function linkAuth(ctx: LinkContext): AuthSpec | undefined {
  const { scheme, param } = ctx.manifest.auth;
  const declared = ctx.doc.securitySchemes[scheme];
  if (!declared) {
    const names = Object.keys(ctx.doc.securitySchemes);
    return ctx.fail(["auth", "scheme"], `security scheme "${scheme}" not found in ${ctx.openapiName} (declared: ${names.join(", ") || "none"})`, "value");
  }
  const shared = ctx.manifest.params?.[param];
  if (!shared) {
    ctx.fail(["auth", "param"], `parameter "${param}" must be declared under the shared "params"`, "value");
  } else if (!shared.secret) {
    ctx.fail(["params", param], `the credential parameter "${param}" must be marked secret: true`);
  }
  const credential = credentialOf(declared);
  const nameProblem = credential && credential.type !== "bearer" ? slotNameProblem(credential.type, credential.name) : undefined;
  if (nameProblem) return ctx.failInDocument(["components", "securitySchemes", scheme, "name"], nameProblem);
  checkCovers(ctx);
  if (credential) return { ...credential, param };
  return ctx.fail(
    ["auth", "scheme"],
    `security scheme "${scheme}" is of an unsupported kind (${declared.type}${declared.in ? " in " + declared.in : ""}); supported: http bearer, apiKey in header, apiKey in query, oauth2 and openIdConnect (the access token, as a bearer token)`,
    "value",
  );
}

/** `auth.covers`: each name is a parameter or form field that one of the manifest's operations declares (a name covering nothing is a typo). */
function checkCovers(ctx: LinkContext): void {
  const covers = ctx.manifest.auth.covers ?? [];
  if (!covers.length) return;
  const declared = new Set<string>();
  for (const mop of Object.values(ctx.manifest.operations)) {
    const op = ctx.doc.operations.get(mop.operationId);
    if (!op) continue;
    for (const p of op.parameters) if (p.in !== "path") declared.add(p.name);
    const body = op.requestBody ? ctx.doc.flatten(op.requestBody.schema) : undefined;
    for (const field of Object.keys((body?.properties as object) ?? {})) declared.add(field);
  }
  covers.forEach((name, i) => {
    if (!declared.has(name)) ctx.fail(["auth", "covers", i], `no operation of the manifest declares a header, query or cookie parameter or a top-level body field "${name}" in ${ctx.openapiName}`, "value");
  });
}

/**
 * Whether the credential satisfies the document's parameter (or top-level
 * body field) `slot`: one `auth.covers` names, or one in the credential's own
 * place (the apiKey's header or query name; Authorization for a bearer
 * token). Path parameters are never covered.
 */
export function credentialCovers(auth: Pick<ManifestAuth, "scheme" | "covers">, schemes: Record<string, SecurityScheme>): (slot: { in: string; name: string }) => boolean {
  const covers = new Set(auth.covers ?? []);
  const scheme = schemes[auth.scheme];
  const placement = scheme ? credentialOf(scheme) : undefined;
  const own = placement ? (placement.type === "bearer" ? slotKey("header", "Authorization") : slotKey(placement.type, placement.name)) : undefined;
  return (slot) => slot.in !== "path" && (covers.has(slot.name) || slotKey(slot.in, slot.name) === own);
}

/** The auth a tool carries: the linked one, or (when linking failed, and the IR is not used) a bearer placeholder. */
export function authOf(ctx: LinkContext, auth: AuthSpec | undefined): AuthSpec {
  return auth ?? { type: "bearer", param: ctx.manifest.auth.param };
}

/** The slot the credential takes on every request. */
export function credentialSender(ctx: LinkContext, auth: AuthSpec | undefined): SlotSender[] {
  if (!auth) return [];
  const who = `the credential (auth.scheme ${ctx.manifest.auth.scheme})`;
  return [auth.type === "bearer" ? { in: "header", name: "Authorization", who, at: ["auth", "scheme"] } : { in: auth.type, name: auth.name, who, at: ["auth", "scheme"] }];
}

/** Placement of a credential as users configure it: `bearer`, `header:X-Api-Key`, `query:key`. */
export function authPlacement(auth: CredentialPlacement): string {
  return auth.type === "bearer" ? "bearer" : `${auth.type}:${auth.name}`;
}

/** Where the credential goes, and the parameter holding it: users configure both. */
export const authSurface: ProviderEntry<{ placement: string; param: string }, "placementChanged" | "paramRenamed"> = {
  scope: "provider",
  subject: "auth",
  legacy: true,
  changes: {
    placementChanged: { level: "breaking", rule: "credential placement changed" },
    paramRenamed: { level: "breaking", rule: "credential parameter renamed" },
  },
  record: (ir) => ({ auth: { placement: authPlacement(ir.auth), param: ir.auth.param } }),
  read: (s) => s.auth,
  diff(a, b, report) {
    if (!a || !b) return;
    if (a.placement !== b.placement) report("placementChanged", { from: a.placement, to: b.placement });
    if (a.param !== b.param) report("paramRenamed", { from: a.param, to: b.param });
  },
};
