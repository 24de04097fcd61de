// `call` with an OAuth 2 flow (issue 22, "Done when"): the flow's parameters
// instead of the access token, the secrets as environment references,
// --base-url and --token-url on loopback servers. One form-encoded token
// request, then the call with the issued token; the secret in no output;
// invalid_grant → an auth error REAUTH_REQUIRED, exit 1, nothing retried; a
// 401 → one renewal, one retry. Tools are found by what they declare.
import {
  flowParams,
  type OAuthFlowSpec,
  type ParamSpec,
  type ToolSpec,
  tokenUrlPlaceholders,
} from "@blockwright/runtime/internal";
import { afterEach, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { issueTokens, type OAuthServers, startOAuthServers } from "../../test-support/runtime/oauth-servers.js";
import { tools } from "../../test-support/repo.js";

const SECRET = "cli-client-secret-3e8d1f";
const REFRESH = "cli-refresh-token-9a2b7c";
const env = { CLIENT_SECRET: SECRET, REFRESH_TOKEN: REFRESH };

/** A tool with a flow of `grant`, fewest required parameters first. */
function toolWith(grant: OAuthFlowSpec["grant"]): { tool: ToolSpec; flow: OAuthFlowSpec } {
  const found = Object.values(tools)
    .filter((t) => t.oauth?.flows.some((f) => f.grant === grant) && t.method === "GET")
    .sort((a, b) => a.params.filter((p) => p.required).length - b.params.filter((p) => p.required).length)[0];
  if (!found) throw new Error(`no GET tool declares a ${grant} flow`);
  return { tool: found, flow: found.oauth!.flows.find((f) => f.grant === grant)! };
}

/**
 * `--param` arguments: the flow's (secrets as references), and every other required one from its placeholder or
 * example.
 */
function callArgs(tool: ToolSpec, flow: OAuthFlowSpec, servers: OAuthServers): string[] {
  const secrets: Record<string, string> = { clientSecret: "{{CLIENT_SECRET}}", refreshToken: "{{REFRESH_TOKEN}}" };
  const roles = Object.entries(flow).filter(
    ([role]) => role !== "grant" && role !== "tokenUrl" && role !== "scope" && role !== "audience",
  );
  const value = (p: ParamSpec): string => {
    const role = roles.find(([, name]) => name === p.name)?.[0];
    if (role && secrets[role]) return secrets[role];
    if (p.format === "base-url") return servers.baseUrl;
    return String(p.placeholder ?? p.example ?? "app-1");
  };
  const wanted = tool.params.filter(
    (p) =>
      flowParams(flow).includes(p.name) ||
      (flow.grant === "refreshToken" && p.name === (flow as { clientSecret?: string }).clientSecret) ||
      (p.required && p.name !== tool.auth.param),
  );
  const placeholders = tokenUrlPlaceholders(flow.tokenUrl)
    .map((n) => `/{${n}}`)
    .join("");
  return [
    ...wanted.flatMap((p) => ["--param", `${p.name}=${value(p)}`]),
    "--base-url",
    servers.baseUrl,
    "--token-url",
    `${servers.tokenOrigin}${placeholders}/token`,
  ];
}

/** A reply body holding every output the tool reads from the body, of its type. */
function replyFor(tool: ToolSpec): unknown {
  const sample = { array: [], string: "x", number: 1, boolean: true, json: {} } as const;
  let body: Record<string, unknown> = {};
  for (const o of tool.outputs) {
    if (!("ref" in o.source) || o.source.ref.kind !== "body") continue;
    const pointer = o.source.ref.pointer;
    if (!pointer.length) {
      body = { ...body, ...(o.type === "json" ? { Id: "x" } : {}) };
      continue;
    }
    let node = body;
    for (const key of pointer.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[pointer[pointer.length - 1]!] = o.source.count ? [] : o.type === "bytes" ? "" : sample[o.type];
  }
  return body;
}

let servers: OAuthServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

describe("call with an OAuth 2 client credentials flow", () => {
  const { tool, flow } = toolWith("clientCredentials");

  it("sends one form-encoded token request, then the call with the issued token; the secret in no output", async () => {
    servers = await startOAuthServers(issueTokens(3600), () => ({ status: 200, body: replyFor(tool) }));
    const run = await cli(["call", tool.id, ...callArgs(tool, flow, servers)], { env });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toMatchObject({ success: true });
    expect(run.code).toBe(0);
    expect(servers.token).toHaveLength(1);
    const sent = servers.token[0]!;
    expect(sent.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = Object.fromEntries(new URLSearchParams(sent.body));
    expect(form).toMatchObject({
      grant_type: "client_credentials",
      client_secret: SECRET,
      ...(flow.scope ? { scope: flow.scope } : {}),
    });
    expect(servers.api.map((r) => r.headers.authorization)).toEqual(["Bearer access-token-1"]);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });

  it("answers invalid_grant with an auth error REAUTH_REQUIRED, exit 1, nothing retried", async () => {
    servers = await startOAuthServers(() => ({
      status: 400,
      body: { error: "invalid_grant", error_description: "the grant is revoked" },
    }));
    const run = await cli(["call", tool.id, ...callArgs(tool, flow, servers)], { env });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toMatchObject({ type: "auth", code: "REAUTH_REQUIRED", retryable: false });
    expect(servers.token).toHaveLength(1);
    expect(servers.api).toHaveLength(0);
    expect(run.stdout).not.toContain(SECRET);
  });

  it("refuses --token-url for a tool without flows, and a token URL at a host the flow may not use", async () => {
    const plain = Object.values(tools).find((t) => !t.oauth)!;
    const refused = await cli(["call", plain.id, "--token-url", "http://127.0.0.1:1/token"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--token-url: ${plain.id} declares no OAuth 2 flows`);
    servers = await startOAuthServers(issueTokens(3600));
    const args = callArgs(tool, flow, servers);
    args[args.length - 1] = "https://tokens.elsewhere.test/token";
    const run = await cli(["call", tool.id, ...args], { env });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toMatchObject({ type: "validation", param: "tokenUrl", rule: "host" });
    expect(servers.token.length + servers.api.length).toBe(0);
  });
});

describe("call with an OAuth 2 refresh token flow, no token lifetime", () => {
  const { tool, flow } = toolWith("refreshToken");
  const expired = { status: 401, body: [{ message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" }] };

  it("renews once after a 401 and retries once: success", async () => {
    servers = await startOAuthServers(issueTokens(), (n) =>
      n === 1 ? expired : { status: 200, body: replyFor(tool) },
    );
    const run = await cli(["call", tool.id, ...callArgs(tool, flow, servers)], { env });
    expect(JSON.parse(run.stdout), tool.id).toMatchObject({ success: true });
    expect(servers.token.map((r) => new URLSearchParams(r.body).get("grant_type"))).toEqual([
      "refresh_token",
      "refresh_token",
    ]);
    expect(servers.api.map((r) => r.headers.authorization)).toEqual(["Bearer access-token-1", "Bearer access-token-2"]);
    expect(run.stdout).not.toContain(REFRESH);
  });

  it("reports a second 401: no loop", async () => {
    servers = await startOAuthServers(issueTokens(), () => expired);
    const run = await cli(["call", tool.id, ...callArgs(tool, flow, servers)], { env });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toMatchObject({ type: "upstream", status: 401, code: "INVALID_SESSION_ID" });
    expect(servers.api).toHaveLength(2);
    expect(servers.token).toHaveLength(2);
  });
});
