// The surface's `server.default` entry: the address a call given none of its own goes to (`server.default`), and the
// base path of the document's server, which every request carries and an address given at call time gets appended
// (server.ts). A newer document serving the API under `/v4` instead of `/v3` changes both and nothing a tool's
// parameters or outputs record: without them `diff` said no package changed, and nothing was released.
//
// Both changes are breaking: a default is what a caller leaves out, and a call that leaves the address out now goes
// to another address (another version of the API, whose answers the package was not checked against by its users),
// as a parameter's default changed is breaking; and a caller giving its own address (a proxy, a sandbox) now has
// another path appended. The hosts a call may name are their own entry (server.ts hostsSurface).
import type { ProviderIR } from "../../model/ir.js";
import type { ProviderEntry } from "../../model/surface-entry.js";
import type { Surface } from "../../model/surface-format.js";

declare module "../../model/surface-format.js" {
  interface Surface {
    /** The default address (manifest `server.default`) and the document server's path, where declared. */
    serverAddress?: { default?: string; basePath?: string; pathDefaults?: string };
  }
}

type Address = NonNullable<Surface["serverAddress"]>;

/** An address without the slashes at its end, which say nothing of where a call goes. */
const bare = (s: string | undefined) => (s === undefined ? undefined : s.replace(/\/+$/, "") || "/");

export const defaultAddressSurface: ProviderEntry<
  Address,
  "defaultChanged" | "defaultAdded" | "defaultRemoved" | "basePathChanged"
> = {
  scope: "provider",
  subject: "server default",
  changes: {
    defaultChanged: {
      level: "breaking",
      rule: "default address changed (a call given no address of its own goes elsewhere)",
    },
    defaultAdded: { level: "minor", rule: "default address added (a call may leave the address out)" },
    defaultRemoved: { level: "breaking", rule: "default address removed (each call must give an address)" },
    basePathChanged: {
      level: "breaking",
      rule: "the path every request carries changed (an address given at call time gets the new one appended)",
    },
  },
  record: (ir) => {
    const { default: fixed, basePath } = ir.server;
    if (fixed === undefined && basePath === undefined) return {};
    const pathDefaults = sharedPathDefaults(ir);
    return {
      serverAddress: {
        ...(fixed !== undefined ? { default: fixed } : {}),
        ...(basePath ? { basePath } : {}),
        ...(pathDefaults ? { pathDefaults } : {}),
      },
    };
  },
  read: (s) => s.serverAddress,
  diff(a, b, report) {
    // Where a call goes with its path's leading parameters at their defaults (an API version moved into the paths).
    const whole = (x: Address | undefined, s: string | undefined) =>
      s === undefined ? undefined : bare(`${s.replace(/\/+$/, "")}${x?.pathDefaults ?? ""}`);
    const [was, now] = [whole(a, a?.default), whole(b, b?.default)];
    if (was !== undefined && now === undefined) report("defaultRemoved", { from: was });
    else if (was === undefined && now !== undefined) report("defaultAdded", { to: now });
    else if (was !== now) report("defaultChanged", { from: was, to: now });
    const [from, to] = [whole(a, a?.basePath ?? "") ?? "/", whole(b, b?.basePath ?? "") ?? "/"];
    if (from !== to) report("basePathChanged", { subject: "server basePath", from, to });
  },
};

/**
 * The leading path parameters every tool's path starts with, at their defaults (`/v4` of `/{apiVersion}/things`,
 * `apiVersion` defaulting to `v4` in each tool), or undefined: a call leaving them out carries that path as a server
 * path of its own would, so an API version moved from the server's address into them moves no call.
 */
function sharedPathDefaults(ir: ProviderIR): string | undefined {
  let shared: string | undefined;
  for (const { tool } of ir.operations) {
    let prefix = "";
    let rest = tool.path;
    for (let m = rest.match(LEADING); m; m = rest.match(LEADING)) {
      const p = tool.params.find((x) => x.wire.in === "path" && ("name" in x.wire ? x.wire.name : x.name) === m?.[1]);
      if (typeof p?.default !== "string" || !/^[A-Za-z0-9._~-]+$/.test(p.default)) break;
      prefix += `/${p.default}`;
      rest = rest.slice(m[0].length);
    }
    if (!prefix || (shared !== undefined && shared !== prefix)) return undefined;
    shared = prefix;
  }
  return shared;
}

const LEADING = /^\/\{([^}/]+)\}(?=\/|$)/;
