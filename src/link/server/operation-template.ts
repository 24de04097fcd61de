// An operation's own server with variables (an index's own host beside the control plane's, a shop's account per
// operation): its address is made per call from the document's URL and its variables, as the provider's `server.url`
// is (server-variables.ts): the operation's `server` writes `url` and `variables`, each variable a shared parameter a
// person fills in (the one the provider's template fills it with, where it shares the variable), and the credential
// goes only to the hosts the template can make. Without it, every call went to the document's example host.
import type { ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiOperation } from "../../load/openapi-document.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import { camelCase } from "../../model/naming.js";
import type { LinkContext, Path } from "../context.js";
import { insecureAddress } from "./server.js";
import { checkVariableParam, derivedHosts, templateVariables } from "./server-variables.js";

/** An operation's own server with variables: its URL as written (https where it has no scheme), and its variables. */
export interface OwnTemplate {
  url: string;
  declared: Record<string, { enum?: unknown[]; default?: unknown }>;
}

/**
 * The parameter each variable of an operation's template is drafted with: the provider's, where its template has the
 * variable; else the variable's name in camelCase (`index_name`: indexName).
 */
export function ownVariableParams(
  names: readonly string[],
  provider: Record<string, string> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    names.map((name) => {
      const shared = provider?.[name];
      if (shared !== undefined) return [name, shared];
      const param = camelCase(name) || "serverVariable";
      return [name, /^[A-Za-z_]/.test(param) ? param : `v${param}`];
    }),
  );
}

/** The tool's server for an operation whose own server has variables, checked against the manifest's `server`. */
export function templateOwnServer(
  ctx: LinkContext,
  at: Path,
  mop: ManifestOperation,
  op: OpenApiOperation,
  { template: own, path }: { template: OwnTemplate; path: string },
  server: ToolSpec["server"],
): ToolSpec["server"] {
  const names = templateVariables(own.url);
  const suggested = { url: own.url, variables: ownVariableParams(names, ctx.manifest.server.variables) };
  const written = mop.server;
  if (typeof written !== "object" || !("url" in written))
    return (
      ctx.fail(
        "BW2018",
        written === undefined ? [...at, "operationId"] : [...at, "server"],
        `operation "${op.operationId}" is served at its own server ${JSON.stringify(own.url)} in ` +
          `${ctx.openapiName}, made of variables: write server: ${JSON.stringify(suggested)} (each variable a ` +
          "shared parameter a person fills in), so that each call goes to the host its values make",
        "value",
      ) ?? server
    );
  if (written.url !== own.url)
    return (
      ctx.fail(
        "BW2018",
        [...at, "server", "url"],
        `${ctx.openapiName}'s server for operation "${op.operationId}" is ${JSON.stringify(own.url)}: write it as ` +
          "written there",
        "value",
      ) ?? server
    );
  const variables = written.variables ?? {};
  // The checks below report on the context; any of them keeps the provider's address for the tool.
  let failed = false;
  const checked: LinkContext = {
    ...ctx,
    fail: (...args) => {
      failed = true;
      return ctx.fail(...args);
    },
  };
  for (const name of names)
    if (!Object.hasOwn(variables, name))
      checked.fail(
        "BW2018",
        [...at, "server", "variables"],
        `the operation's address template has variable {${name}}: name the parameter that fills it ` +
          `(variables: {${name}: ${suggested.variables[name]}})`,
        "key",
      );
  for (const [name, param] of Object.entries(variables)) {
    const where = [...at, "server", "variables", name];
    if (names.includes(name)) checkVariableParam(checked, name, param, own.declared[name], where);
    else
      checked.fail(
        "BW2018",
        where,
        `{${name}} is no variable of the operation's address template ${JSON.stringify(own.url)} (its variables: ` +
          `${names.join(", ")})`,
        "key",
      );
  }
  // Over https, or http to loopback, as the provider's address.
  const insecure = insecureAddress(own.url.replace(/\{[^{}]+\}/g, "x"));
  if (insecure) checked.fail("BW2018", [...at, "server", "url"], insecure, "value");
  const { hosts } = derivedHosts(checked, own.url, true, variables, [...at, "server", "url"]);
  if (failed || !hosts.length) return server;
  // The provider's address (a default, a parameter, its template) is not this operation's: only the template's.
  const { default: _d, param: _p, basePath: _b, template: _t, variables: _v, hosts: _h, ...rest } = server;
  // The path the mocks serve the operation under, a variable in it kept (operation-server.ts servedPath): the suite's
  // request check reads a request's path after it, whatever value the variable's parameter holds.
  return { ...rest, template: own.url, variables: { ...variables }, hosts, ...(path ? { basePath: path } : {}) };
}
