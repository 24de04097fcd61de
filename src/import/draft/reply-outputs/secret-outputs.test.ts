// A reply that hands out a secret (an operation creating an API key, a webhook's signing secret, a one-time code): add
// drafted each as a plain output, which `call`, recordings and reports printed as it was. It is drafted `secret` now,
// by the rules that say a parameter is a secret, with a note; the link carries it to the tool, whose call still
// returns it; a record with more fields than are drafted keeps it among its outputs. A name, an id beside it stay
// plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, REDACTED, type ToolSpec, withheldOutputs } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description?: string) => ({ type: "string", ...(description ? { description } : {}) });
const created = {
  type: "object",
  required: ["id", "zqName", "api_key"],
  properties: {
    id: text("The key's id."),
    zqName: text("The key's name."),
    api_key: text("The new key. Shown only once."),
    signing_secret: text("Signs the webhook deliveries."),
    zqOtp: text("A one-time password to confirm the key."),
    prefix: text("The first characters of the key, to tell keys apart."),
  },
};
// A record of more scalar fields than add drafts as outputs: the secret one last, after every useful one.
const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`zq_field_${i}`, text()]));
const large = { type: "object", properties: { id: text(), ...many, client_secret: text() } };
const doc = openapi({
  "/zqkeys": {
    post: {
      operationId: "zqCreateKey",
      responses: { "201": reply(created, { id: "zqk1", zqName: "ci", api_key: "zq_live_7d9f2c41aa" }) },
    },
  },
  "/zqapps": {
    post: { operationId: "zqCreateApp", responses: { "201": reply(large, { id: "zqa1" }) } },
  },
});

describe("a secret a reply hands out", () => {
  const d = drafted(doc, ["zqCreateKey", "zqCreateApp"]);
  const outputsOf = (id: string) => d.manifest.operations[id]?.outputs ?? {};

  it("is drafted as a secret output with a note; its id, name and prefix are not", () => {
    const outputs = outputsOf("acme_zq_create_key");
    expect(outputs["metadata.apiKey"]).toMatchObject({ secret: true });
    expect(outputs["metadata.signingSecret"]).toMatchObject({ secret: true });
    expect(outputs["metadata.zqOtp"]).toMatchObject({ secret: true });
    for (const plain of ["metadata.id", "metadata.zqName", "metadata.prefix", "data"])
      expect(outputs[plain]?.secret, plain).toBeUndefined();
    expect(notesAt(d, "operations.acme_zq_create_key.outputs.metadata.apiKey")).toEqual([
      expect.stringContaining("named or described as a secret: drafted secret"),
    ]);
  });

  it("is kept among a large record's outputs", () => {
    expect(outputsOf("acme_zq_create_app")["metadata.clientSecret"]).toMatchObject({ secret: true });
  });

  it("is returned by the call, and withheld from the result as printed, inside data too", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqCreateKey") as ToolSpec;
    expect(tool.outputs.find((o) => o.path === "metadata.apiKey")?.secret).toBe(true);
    expect(tool.outputs.find((o) => o.path === "metadata.id")).not.toHaveProperty("secret");
    const answer = { id: "zqk1", zqName: "ci", api_key: "zq_live_7d9f2c41aa", prefix: "zq_live" };
    const run = await executeToolDefinition(
      tool,
      { accessToken: "zq-bearer-0001" },
      {
        baseUrl: "http://127.0.0.1:9",
        fetch: scriptedFetch(json(201, answer)).fetch,
      },
    );
    expect(run).toMatchObject({ success: true, output: { metadata: { apiKey: "zq_live_7d9f2c41aa" } } });
    const shown = withheldOutputs(tool, run);
    expect(shown).toMatchObject({ output: { metadata: { apiKey: REDACTED, prefix: "zq_live" } } });
    expect(JSON.stringify(shown)).not.toContain("zq_live_7d9f2c41aa");
  });
});
