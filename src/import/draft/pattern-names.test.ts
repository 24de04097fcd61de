// A parameter whose name is a pattern of names (`zq-proxy-$ANY_HEADER`: any header sent as zq-proxy-<name> is passed
// on, as a proxy's document writes it) was drafted as a parameter sent under that literal name, a header no API reads.
// It is left out now, with a review note saying how to declare the headers a call needs.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const header = (name: string) => ({ in: "header", name, schema: text, description: "Passed on." });

describe("a parameter whose name is a pattern", () => {
  it("is not drafted under its literal name; a note says how to send such headers", async () => {
    const doc = openapi({
      "/zqproxy": {
        get: {
          operationId: "getZqProxy",
          parameters: [header("zq-proxy-$ANY_HEADER"), header("X-Zq-Meta-{key}"), header("Zq-Connection-Id")],
          responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
        },
      },
    });
    const d = drafted(doc, ["getZqProxy"], "zqproxy");
    const params = d.manifest.operations?.zqproxy_get_zq_proxy?.params ?? {};
    const sent = Object.values(params).map((p) => ("wire" in p && p.wire && "name" in p.wire ? p.wire.name : ""));
    expect(sent).toEqual(["Zq-Connection-Id"]);
    const notes = notesAt(d, "operations.zqproxy_get_zq_proxy").join("\n");
    expect(notes).toContain("header parameter zq-proxy-$ANY_HEADER not drafted: its name is a pattern ($ANY_HEADER");
    expect(notes).toContain('wire: { in: header, name: "zq-proxy-<name>" }');
    expect(notes).toContain("header parameter X-Zq-Meta-{key} not drafted");
    expect(await linkProblems(d, "zqproxy")).toEqual([]);
  });
});
