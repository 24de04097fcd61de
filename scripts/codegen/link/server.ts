// `server`: where requests go — a fixed `default` address, or a `param`
// carrying the customer's own (type string, format base-url) — and `hosts`,
// the host patterns such an address may name besides the default's.
import { hostPatternProblem, matchesHost, providerHosts, type ToolSpec } from "@blockwright/runtime";
import type { ProviderEntry } from "../surface-entry.js";
import type { LinkContext } from "./context.js";
import { linkLimits } from "./limits.js";

/** Where requests go, what the upstream refuses to receive there, and how much of its replies a call reads. */
export function linkServer(ctx: LinkContext): ToolSpec["server"] {
  checkAddressParam(ctx);
  checkServerHosts(ctx);
  return serverOf(ctx);
}

/** The server every tool carries (a fresh object each time: the IR holds no shared objects). */
export function serverOf(ctx: LinkContext): ToolSpec["server"] {
  return { ...ctx.manifest.server, ...linkLimits(ctx) };
}

function checkAddressParam(ctx: LinkContext): void {
  const { param } = ctx.manifest.server;
  if (param === undefined) return;
  const p = ctx.manifest.params?.[param];
  if (!p) {
    ctx.fail(["server", "param"], `parameter "${param}" must be declared under the shared "params"`, "value");
  } else if (p.format !== "base-url" || p.type !== "string") {
    ctx.fail(["params", param], `the address parameter "${param}" must be type: string with format: base-url`);
  }
}

/**
 * `server.hosts`: names, not IP addresses; and the address parameter's
 * placeholder and example, which users copy, must name a host the runtime
 * lets the credential go to.
 */
function checkServerHosts(ctx: LinkContext): void {
  const { param, hosts } = ctx.manifest.server;
  hosts?.forEach((pattern, i) => {
    const problem = hostPatternProblem(pattern);
    if (problem) ctx.fail(["server", "hosts", i], `${problem}, got ${JSON.stringify(pattern)}`, "value");
  });
  const p = param === undefined ? undefined : ctx.manifest.params?.[param];
  if (param === undefined || !p || !hosts) return;
  for (const key of ["placeholder", "example"] as const) {
    const value = p[key];
    if (typeof value !== "string") continue;
    let host: string;
    try {
      host = new URL(value).hostname;
    } catch {
      continue;
    }
    if (!hosts.some((pattern) => matchesHost(pattern, host))) ctx.fail(["params", param, key], `${JSON.stringify(value)} names host ${host}, which server.hosts (${hosts.join(", ")}) does not allow`, "value");
  }
}

/** The hosts an address given at call time may name (the default's and `server.hosts`): one fewer refuses addresses that worked. */
export const hostsSurface: ProviderEntry<string[], "hostRemoved" | "hostAdded"> = {
  scope: "provider",
  subject: "hosts",
  legacy: true,
  changes: {
    hostRemoved: { level: "breaking", rule: "host no longer allowed (addresses there are refused)" },
    hostAdded: { level: "minor", rule: "host allowed" },
  },
  record: (ir) => ({ hosts: providerHosts({ server: ir.server }) }),
  read: (s) => s.hosts,
  diff(a, b, report) {
    // Surfaces before issue 24 have no hosts: nothing to compare.
    if (!a || !b) return;
    for (const h of a) if (!b.includes(h)) report("hostRemoved", { from: h });
    for (const h of b) if (!a.includes(h)) report("hostAdded", { to: h });
  },
};
