// A map of texts whose name says its values are secrets (a logger's `credentials: {connectionString: …}`, a container
// group's `secret` volume of base64 values, an auth flow's `AuthParameters: {PASSWORD: …}` and `ChallengeResponses`;
// found in the public directory by a scan of request bodies' maps; a cluster's secret object's `data`, "Data contains
// the secret data"): the keys are the caller's, so no field's name can mark a value secret, and an upstream error
// echoing the value returned it whole. Each value is withheld now; a map whose description says it holds secrets' names
// (an environment variable → a secret manager's secret name) is not.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { runWorkflowWith } from "@blockwright/runtime/workflow";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const texts = (description?: string) => ({
  type: "object",
  additionalProperties: { type: "string" },
  ...(description ? { description } : {}),
});
const doc = openapi({
  "/zqlogins": {
    post: {
      operationId: "zqStartLogin",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                zqFlow: { type: "string" },
                AuthParameters: texts("The parameters of the sign-in flow chosen."),
                ChallengeResponses: texts(),
                credentials: texts("The logger's connection settings."),
                zqVolume: { type: "object", properties: { secret: texts("The volume's files.") } },
                zqEnvironment: texts("Environment variables of the job."),
                secretVariables: texts("A map of environment variable names to the secret manager's secret names."),
                zqData: texts("Data contains the secret data. Each key must be a file's name."),
                zqSettings: texts("Data contains the configuration data."),
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});

describe("a map of texts named as holding secrets, inside a JSON parameter", () => {
  const d = drafted(doc, ["zqStartLogin"]);
  const values = {
    AuthParameters: { ZQ_USER: "zq-ann-0001", ZQ_PASSWORD: "zq-Pa55word-0042" },
    ChallengeResponses: { ZQ_ANSWER: "zq-answer-0043" },
    credentials: { zqConnection: "zq-conn-string-0044" },
    zqVolume: { secret: { "zq.key": "enEtdm9sdW1lLTAwNDU=" } },
  };

  it("withholds each value from an upstream error that echoes it; other maps are shown", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqStartLogin") as ToolSpec;
    const echoed = [
      "zq-ann-0001",
      "zq-Pa55word-0042",
      "zq-answer-0043",
      "zq-conn-string-0044",
      "enEtdm9sdW1lLTAwNDU=",
      "zq-env-0046",
      "zq-secret-name-0047",
      "zq-secret-data-0048",
      "zq-setting-0049",
    ];
    const failing = scriptedFetch(json(400, { message: `refused: ${echoed.join(", ")}` }));
    const input = {
      accessToken: "zq-bearer-0001",
      zqFlow: "ZQ_PASSWORD_FLOW",
      ...values,
      zqEnvironment: { ZQ_MODE: "zq-env-0046" },
      secretVariables: { ZQ_DB: "zq-secret-name-0047" },
      zqData: { "zq.conf": "zq-secret-data-0048" },
      zqSettings: { zqMode: "zq-setting-0049" },
    };
    const run = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: failing.fetch });
    const sent = JSON.parse(String(failing.seen[0]?.body));
    expect(sent.AuthParameters.ZQ_PASSWORD).toBe("zq-Pa55word-0042");
    expect(run.success).toBe(false);
    const shown = JSON.stringify(run);
    for (const secret of [...echoed.slice(0, 5), "zq-secret-data-0048"]) expect(shown).not.toContain(secret);
    for (const plain of ["zq-env-0046", "zq-secret-name-0047", "zq-setting-0049"]) expect(shown).toContain(plain);
  });

  it("takes each value of a map inside an object as a secret field, kept out of a workflow's results", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqStartLogin") as ToolSpec;
    const volumeKey = "enEtdm9sdW1lLTAwNDU=";
    const upstream = scriptedFetch(json(200, { id: "zq1" }), json(200, { id: `echo ${volumeKey}` }));
    const block = (name: string, inputs: Record<string, unknown>) => ({
      type: "acme",
      name,
      inputs: { operation: tool.id, accessToken: "{{ZQ_TOKEN}}", zqFlow: "ZQ_FLOW", ...inputs },
    });
    const blocks = {
      first: {
        ...block("first", { zqVolume: { secret: { "zq.key": "{{ZQ_VOLUME_KEY}}" } } }),
        connections: { outgoing: [{ target: "second" }] },
      },
      second: block("second", {}),
    };
    const result = await runWorkflowWith(
      { tools: { [tool.id]: tool }, blocks: {} },
      { file: "<test>", workflow: { blocks }, placeholders: [] },
      {
        env: { ZQ_TOKEN: "zq-bearer-0001", ZQ_VOLUME_KEY: volumeKey },
        baseUrls: { acme: "http://127.0.0.1:9" },
        fetch: upstream.fetch,
        concurrency: 1,
      },
    );
    expect(upstream.seen).toHaveLength(2);
    expect(JSON.parse(String(upstream.seen[0]?.body)).zqVolume.secret["zq.key"]).toBe(volumeKey);
    expect(result.status).toBe("succeeded");
    expect(JSON.stringify(result)).toContain("echo [redacted]");
    expect(JSON.stringify(result)).not.toContain(volumeKey);
  });
});
