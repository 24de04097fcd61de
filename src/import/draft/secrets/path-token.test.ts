// A user's OAuth access token in the path of an operation that checks or revokes it (a code host's
// `/applications/{client_id}/tokens/{access_token}`, "The access_token parameter.", found in the public directory,
// seed 1247): add drafted it plain, so the token was written in clear wherever the address was (logs, errors,
// recordings) and a model could be asked for it. A path segment named as a key or token only a credential is is
// secret now; a bare `{key}` (an object's) stays plain.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const inPath = (name: string) => ({
  name,
  in: "path",
  required: true,
  description: `The ${name} parameter.`,
  schema: { type: "string" },
});
const ok = { "200": reply({ type: "object", properties: { zqOk: { type: "boolean" } } }, { zqOk: true }) };
const doc = openapi({
  "/zqapps/{zq_client}/tokens/{access_token}": {
    get: { operationId: "zqCheckToken", parameters: [inPath("zq_client"), inPath("access_token")], responses: ok },
  },
  "/zqobjects/{key}": { get: { operationId: "zqGetObject", parameters: [inPath("key")], responses: ok } },
  "/zqlearnable/{zqsource}/{zqon}": {
    get: {
      operationId: "zqSetLearnable",
      parameters: [
        { ...inPath("zqsource"), description: "The API Key to set as learnable/non learnable." },
        { ...inPath("zqon"), description: "The API key's name." },
      ],
      responses: ok,
    },
  },
  "/zqauth/keys/{key}": {
    delete: {
      operationId: "zqRevokeKey",
      parameters: [{ ...inPath("key"), description: "The access token to delete." }],
      responses: ok,
    },
  },
  "/zqactors/search/{accesstoken}/{zqquery}": {
    get: { operationId: "zqSearchActors", parameters: [inPath("accesstoken"), inPath("zqquery")], responses: ok },
  },
});

describe("a path segment named as a credential's token", () => {
  const d = drafted(doc, ["zqCheckToken", "zqGetObject", "zqSearchActors", "zqSetLearnable", "zqRevokeKey"]);
  const ops = d.manifest.operations;

  it("is drafted secret and user-only; an object's key and the client's id stay plain; the draft links", async () => {
    expect(ops.acme_zq_check_token?.params?.access_token).toMatchObject({ secret: true, visibility: "user-only" });
    expect(ops.acme_zq_check_token?.params?.zq_client?.secret).toBeFalsy();
    expect(ops.acme_zq_get_object?.params?.key?.secret).toBeFalsy();
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is drafted secret when its words run together (`{accesstoken}`, a media catalogue's, seed 1261)", () => {
    // Named apart from the credential's own `accessToken` (names differing only in case clash in a package).
    const params = Object.values(ops.acme_zq_search_actors?.params ?? {});
    const token = params.find((p) => (p.wire as { name?: string }).name === "accesstoken");
    expect(token).toMatchObject({ secret: true, visibility: "user-only" });
    expect(ops.acme_zq_search_actors?.params?.zqquery?.secret).toBeFalsy();
  });

  it("is drafted secret when its description begins by calling it an API key (a key an operation acts on)", () => {
    expect(ops.acme_zq_set_learnable?.params?.zqsource).toMatchObject({ secret: true, visibility: "user-only" });
    // ...or an access token (link audit 1292: a media server's `DELETE /Auth/Keys/{key}`, "The access token to
    // delete.")
    expect(ops.acme_zq_revoke_key?.params?.key).toMatchObject({ secret: true, visibility: "user-only" });
    expect(ops.acme_zq_set_learnable?.params?.zqon?.secret).toBeFalsy();
  });

  it("is sent in the path and withheld from an upstream's error that echoes it", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "zqCheckToken") as ToolSpec;
    const token = "zq-user-access-token-0042";
    const failing = scriptedFetch(json(404, { message: `no token ${token}` }));
    const input = { accessToken: "zq-bearer-0001", zq_client: "zqc1", access_token: token };
    const run = await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch: failing.fetch });
    expect(failing.seen[0]?.url).toContain(`/tokens/${token}`);
    expect(run.success).toBe(false);
    expect(JSON.stringify(run)).not.toContain(token);
  });
});
