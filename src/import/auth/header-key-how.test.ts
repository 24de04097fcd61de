// A document declaring no security scheme whose API takes its key in a header of its own, said only in its other
// documentation (a gateway's metadata header carrying a hex-encoded token): add drafts an optional bearer token, and
// its note says how to send the key in that header instead. Done as the note says, with no code, the manifest sends it
// there and holds it to its hex form.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, type SeenRequest, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const HEX = "0201036c6e6402f801030a10";

function document(): Json {
  const op = { operationId: "getZqInfo", responses: { "200": reply({ type: "object" }, {}) } };
  const doc = openapi({ "/v1/zqinfo": { get: op } }, {}, { security: null });
  delete doc.components.securitySchemes;
  delete doc.security;
  return doc;
}

describe("a key in a header the document does not declare", () => {
  it("the note says how; done so, the key goes in that header, held to its hex form", async () => {
    const d = drafted(document(), ["getZqInfo"]);
    const note = notesAt(d, "auth")[0] ?? "";
    expect(note).toContain(
      "write the scheme bearerAuth in openapi.yaml as {type: apiKey, in: header, name: <Header>}: auth sends " +
        "accessToken there, and a pattern on accessToken holds the key's form (hex-encoded: ^[0-9a-fA-F]+$)",
    );
    // The edit the note says: the scheme's definition in openapi.yaml, a pattern on the parameter in manifest.yaml.
    const scheme = /^ {4}bearerAuth:\n(?: {6}.*\n)+/m;
    expect(d.openapiText).toMatch(scheme);
    const openapiText = d.openapiText.replace(
      scheme,
      "    bearerAuth:\n      type: apiKey\n      in: header\n      name: Zq-Metadata-key\n",
    );
    const param = /^ {2}accessToken:\n/m;
    expect(d.manifestText).toMatch(param);
    const manifestText = d.manifestText.replace(param, '  accessToken:\n    pattern: "^[0-9a-fA-F]+$"\n');
    const edited = { ...d, openapiText, manifestText };
    expect(await linkProblems(edited)).toEqual([]);
    const tool = (await linkedTools(edited)).find((t) => t.operationId === "getZqInfo") as ToolSpec;
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const sent = await executeToolDefinition(tool, { accessToken: HEX }, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(sent.success).toBe(true);
    const headers = Object.fromEntries((seen[0] as SeenRequest).headers);
    expect(headers["zq-metadata-key"]).toBe(HEX);
    expect(headers.authorization).toBeUndefined();
    const refused = await executeToolDefinition(tool, { accessToken: "zq-not-hex-0001" }, { fetch });
    expect(refused.success).toBe(false);
    expect(seen).toHaveLength(1);
    expect(JSON.stringify(refused)).not.toContain("zq-not-hex-0001");
  });
});
