// API Gateway's greedy path variable (`{name+}`: the rest of the path), declared a list of texts or a text: drafted as
// a value spanning segments (wire.multiSegment), a list as a text of "/"-separated segments; sent with its `/` as
// they are, each segment encoded, which the request judge reads without refusal. Before, the list went as one
// segment (`zqa,zqb`) and the text with its `/` as %2F.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const greedy = (operationId: string, name: string, schema: object) => ({
  post: {
    operationId,
    parameters: [{ name, in: "path", required: true, description: "The path to pass on.", schema }],
    responses: ok,
  },
});
const document = openapi({
  "/zqproxy/{zqpath+}": greedy("zqProxyList", "zqpath+", { type: "array", items: { type: "string" } }),
  "/zqfiles/{zqrest+}": greedy("zqProxyText", "zqrest+", { type: "string" }),
});
const TOKEN = "zq-token-0000000001";

describe("a greedy path variable {name+}", () => {
  const draft = drafted(document, ["zqProxyList", "zqProxyText"]);
  const params = (op: string) => draft.manifest.operations?.[op]?.params ?? {};

  it("is drafted spanning segments, a list as a text of '/'-separated segments with a note; links", async () => {
    expect(params("acme_zq_proxy_list").zqpath).toMatchObject({
      type: "string",
      separator: "/",
      wire: { in: "path", name: "zqpath+", multiSegment: true },
    });
    expect(params("acme_zq_proxy_list").zqpath?.jsonType).toBeUndefined();
    expect(params("acme_zq_proxy_text").zqrest).toMatchObject({
      type: "string",
      wire: { in: "path", name: "zqrest+", multiSegment: true },
    });
    expect(notesAt(draft, "operations.acme_zq_proxy_list.params.zqpath")).toContainEqual(
      expect.stringMatching(/^the document declares \{zqpath\+\} \(a greedy path variable.*separator: \//),
    );
    expect(await linkProblems(draft)).toEqual([]);
  });

  it("is sent as segments, each encoded, which the request judge reads without refusal", async () => {
    const tools = await linkedTools(draft);
    for (const [id, name, base] of [
      ["acme_zq_proxy_list", "zqpath", "zqproxy"],
      ["acme_zq_proxy_text", "zqrest", "zqfiles"],
    ] as const) {
      const tool = tools.find((t) => t.id === id) as ToolSpec;
      const { sent, judged } = await judgedCall(draft, tool, { accessToken: TOKEN, [name]: "zqchat/zq completions,é" });
      expect(sent.url).toBe(`https://api.acme.test/${base}/zqchat/zq%20completions%2C%C3%A9`);
      expect(judged.refusals).toEqual([]);
    }
  });
});
