// OAuth 2 flows in workflows: a block gives a flow's parameters, secrets as
// {{ENV}} references; concurrent blocks share one token request; the run's
// tokenUrls option points the flow at a token endpoint (a mock, a sandbox);
// no secret in the run's result.
import { afterEach, describe, expect, it } from "vitest";
import { issueTokens, type OAuthServers, startOAuthServers } from "../../test-support/runtime/oauth-servers.js";
import { fixtureTools } from "../../test-support/runtime/ir-fixtures.js";
import { runWorkflowWith } from "../workflow/run.js";
import type { Registry, WorkflowBlock } from "../workflow/types.js";

const tools = fixtureTools("tracker-oauth");
const registry: Registry = { tools, blocks: {} };
const SECRET = "workflow-client-secret-77aa";

let servers: OAuthServers | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

describe("a workflow with an OAuth 2 flow", () => {
  it(
    "resolves the flow's {{ENV}} references, sends one " + "token request for concurrent blocks, and shows no secret",
    async () => {
      servers = await startOAuthServers(issueTokens(3600), () => ({ status: 200, body: [] }));
      const block = (name: string): WorkflowBlock => ({
        type: "tracker",
        name,
        inputs: {
          operation: "tracker_list_issues",
          owner: "octo",
          repo: name,
          tenant: "contoso",
          clientId: "{{TRACKER_CLIENT_ID}}",
          clientSecret: "{{TRACKER_CLIENT_SECRET}}",
        },
      });
      const result = await runWorkflowWith(
        registry,
        { file: "<test>", workflow: { blocks: { a: block("a"), b: block("b"), c: block("c") } }, placeholders: [] },
        {
          env: { TRACKER_CLIENT_ID: "app-1", TRACKER_CLIENT_SECRET: SECRET },
          baseUrls: { tracker: servers.baseUrl },
          tokenUrls: { tracker: `${servers.tokenOrigin}/{tenant}/token` },
          concurrency: 3,
        },
      );
      expect(result.status).toBe("succeeded");
      expect(servers.token).toHaveLength(1);
      expect(servers.token[0]!.url).toBe("/contoso/token");
      expect(servers.api.map((r) => r.headers.authorization)).toEqual(Array(3).fill("Bearer access-token-1"));
      expect(JSON.stringify(result)).not.toContain(SECRET);
    },
  );
});
