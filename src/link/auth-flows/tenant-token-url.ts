// A token URL on a tenant's host (`https://{tenant}.example.com/oauth/token`), as identity providers, ticketing and
// CRM instances serve theirs: the client secret may go there only because it is where the API's calls go. The rules:
// placeholders only in the host's first label, the rest of the host fixed and lower case; the API's address template
// (`server.url`) has the same host, each placeholder filled by the same parameter, so the token goes where the calls
// go (no list of public suffixes is needed: a tenant's host is trusted exactly as far as the API's address is); each
// such parameter not secret and with a pattern that refuses anything but a DNS label's characters (no `.`, `/`, `@`,
// `:`, `%`). The runtime holds the filled URL to the same (runtime/oauth/token-url.ts: one DNS label, the API's
// origin).
import { tokenUrlPlaceholders } from "@blockwright/runtime/internal/generate";
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";

const ORIGIN = /^https:\/\/([^/?#]*)/;
const FIRST_LABEL = /^(?:\{[A-Za-z_][A-Za-z0-9_]*\}|[a-z0-9-])+$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Values a tenant's host parameter must refuse: each would move the host (another label, user info, a port, an IP). */
export const HOST_PROBES = ["a.b", "evil.com#", "x@y", "a/b", "a:1", "%2e", "a?b", "a b", "a\\b", "127.0.0.1", ""];

/** The host of a token URL template (as written, its port included), or undefined when it has no https origin. */
function hostOf(url: string): string | undefined {
  return ORIGIN.exec(url)?.[1];
}

/** Whether a token URL's host holds placeholders (then a tenant's: these rules apply, not a fixed origin's). */
export function isTenantHost(url: string): boolean {
  return (hostOf(url) ?? "").includes("{");
}

/**
 * The `*.`-pattern a tenant's token host is written as where hosts are (`byTokenHost`, `tokenHosts`): `*.` and the
 * fixed rest.
 */
export function tenantHostPattern(url: string): string | undefined {
  const host = hostOf(url);
  if (!host?.includes("{")) return undefined;
  const [, ...rest] = host.split(".");
  return `*.${rest.join(".").toLowerCase()}`;
}

/** The checks of a tenant's token URL: each problem names the field, the rule and the value. */
export function checkTenantTokenUrl(
  ctx: LinkContext,
  url: string,
  at: Path,
  shared: Record<string, ManifestParam>,
): void {
  const host = hostOf(url) ?? "";
  const fail = (message: string) =>
    ctx.fail("BW2012", at, `the token URL's host ${JSON.stringify(host)} ${message}`, "value");
  const [first = "", ...rest] = host.split(":")[0]?.split(".") ?? [];
  const suffix = rest.join(".");
  if (!FIRST_LABEL.test(first) || suffix.includes("{"))
    return void fail(
      "may hold placeholders in its first label only ({tenant}.example.com), the rest fixed: a placeholder " +
        "elsewhere could move the token request to another domain",
    );
  if (!rest.length || !rest.every((l) => LABEL.test(l)))
    return void fail(
      `must be a placeholder label and a fixed lower-case domain after it, got ${JSON.stringify(suffix)}`,
    );
  checkSameAsServer(ctx, url, host, at);
  for (const name of tokenUrlPlaceholders(ORIGIN.exec(url)?.[0] ?? "")) checkHostParam(ctx, name, shared[name], at);
}

/** The API's address template must have the same host, each placeholder filled by the same parameter. */
function checkSameAsServer(ctx: LinkContext, url: string, host: string, at: Path): void {
  const { url: template, variables = {} } = ctx.manifest.server;
  const server = template === undefined ? undefined : hostOf(template);
  const named = server?.replace(/\{([^{}]+)\}/g, (_, v: string) => `{${variables[v] ?? v}}`);
  if (named?.toLowerCase() === host.toLowerCase()) return;
  ctx.fail(
    "BW2012",
    at,
    `the token URL's host ${JSON.stringify(host)} is a tenant's: it must be the host of the API's address ` +
      `template server.url, each placeholder filled by the same parameter (server.url's host: ` +
      `${server === undefined ? "none" : JSON.stringify(named)}), so that the client secret goes only where the ` +
      `calls go (${JSON.stringify(url)})`,
    "value",
  );
}

/** A parameter filling a tenant's host: declared, no secret, with a pattern refusing whatever is no DNS label. */
function checkHostParam(ctx: LinkContext, name: string, p: ManifestParam | undefined, at: Path): void {
  if (!p)
    return void ctx.fail("BW2012", at, `the token URL's placeholder {${name}} must name a shared parameter`, "value");
  if (p.secret)
    return void ctx.fail(
      "BW2012",
      ["params", name],
      `parameter "${name}" fills the token URL's host, which is no secret: it must not be secret: true`,
    );
  if (!p.pattern && !p.enum)
    return void ctx.fail(
      "BW2012",
      ["params", name],
      `parameter "${name}" fills the token URL's host: it must declare a pattern that admits one DNS label only ` +
        `(letters, digits and "-", such as ^[a-z0-9-]+$), so that its value cannot move the token request`,
    );
  let admits: (value: string) => boolean;
  try {
    const re = p.pattern ? new RegExp(p.pattern, "u") : undefined;
    admits = (value) => (re ? re.test(value) : true) && (p.enum ? p.enum.map(String).includes(value) : true);
  } catch {
    return; // An invalid pattern is the params' own problem (reported there).
  }
  // The probes, and an enum's own values that are no DNS label (the probes cannot guess those).
  const enumOthers = (p.enum ?? []).map(String).filter((v) => !LABEL.test(v.toLowerCase()));
  const admitted = [...HOST_PROBES, ...enumOthers].find(admits);
  if (admitted !== undefined)
    ctx.fail(
      "BW2012",
      ["params", name, p.pattern ? "pattern" : "enum"],
      `parameter "${name}" fills the token URL's host: its ${p.pattern ? "pattern" : "enum"} must admit one DNS ` +
        `label only (letters, digits and "-"), but admits ${JSON.stringify(admitted)}, which would move the token ` +
        "request to another host",
      "value",
    );
}
