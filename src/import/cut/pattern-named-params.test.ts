// A parameter whose name is a pattern of names (`zq-proxy-$ANY_HEADER`: any header sent as zq-proxy-<name> is passed
// on, as a proxy's document writes it; a required `$ANY_QUERY_PARAMS`) was drafted as a parameter sent under that
// literal name, a header or key no API reads. It is left out of the cut now (a document step, so `upstream --accept`'s
// re-cut leaves it out too), said in the header and in a note telling how to declare the headers a call needs.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { recut } from "../../upstream/recut.js";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const header = (name: string) => ({ in: "header", name, schema: text, description: "Passed on." });

const doc = () =>
  openapi({
    "/zqproxy": {
      parameters: [{ in: "query", name: "$ANY_QUERY_PARAMS", required: true, schema: text }],
      get: {
        operationId: "getZqProxy",
        parameters: [header("zq-proxy-$ANY_HEADER"), header("X-Zq-Meta-{key}"), header("Zq-Connection-Id")],
        responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
      },
    },
  });

describe("a parameter whose name is a pattern", () => {
  it("is left out of the cut, said in its header and a note; the draft links", async () => {
    const d = drafted(doc(), ["getZqProxy"], "zqproxy");
    const params = d.manifest.operations?.zqproxy_get_zq_proxy?.params ?? {};
    const sent = Object.values(params).map((p) => ("wire" in p && p.wire && "name" in p.wire ? p.wire.name : ""));
    expect(sent).toEqual(["Zq-Connection-Id"]);
    const body = (t: string) =>
      t
        .split("\n")
        .filter((l) => !l.startsWith("#"))
        .join("\n");
    expect(body(d.openapiText)).not.toContain("$ANY_");
    expect(d.openapiText).toMatch(/^# Changed by blockwright add.*\/zqproxy query parameter \$ANY_QUERY_PARAMS, GET/m);
    const notes = d.notes.map((n) => n.note).join("\n");
    expect(notes).toContain('header parameter zq-proxy-$ANY_HEADER (wire: { in: header, name: "zq-proxy-<name>" }');
    expect(notes).toContain("query parameter $ANY_QUERY_PARAMS (any key)");
    expect(await linkProblems(d, "zqproxy")).toEqual([]);
  });

  it("is left out of upstream --accept's re-cut of a newer document too", () => {
    const d = drafted(doc(), ["getZqProxy"], "zqproxy");
    const cut = recut(d.openapiText, doc(), [{ method: "get", path: "/zqproxy" }], "zqproxy-2.json", "1".repeat(64));
    expect(
      cut.text
        .split("\n")
        .filter((l) => !l.startsWith("#"))
        .join("\n"),
    ).not.toContain("$ANY_");
  });
});

describe("a parameter whose name is a regular expression of names (RAML's pattern parameters, converted)", () => {
  it("is left out with a note saying which keys it stands for; the draft links", async () => {
    const listed = openapi({
      "/zqcarts": {
        get: {
          operationId: "listZqCarts",
          parameters: [
            { in: "query", name: "where", schema: text },
            { in: "query", name: "/^zqvar[.][a-zA-Z0-9]+$/", schema: { type: "array", items: text } },
            { in: "header", name: "^X-Zq-Meta-.+$", schema: text },
            { in: "query", name: "/zqtext.[a-z]{2}(-[A-Z]{2})?/", schema: text },
          ],
          responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "z1" }) },
        },
      },
    });
    const d = drafted(listed, ["listZqCarts"], "zqcarts");
    const params = d.manifest.operations?.zqcarts_list_zq_carts?.params ?? {};
    expect(Object.keys(params)).toEqual(["where"]);
    const notes = d.notes.map((n) => n.note).join("\n");
    expect(notes).toContain("query parameter /^zqvar[.][a-zA-Z0-9]+$/ (any key it matches)");
    expect(notes).toContain("header parameter ^X-Zq-Meta-.+$ (any header it matches)");
    // Unanchored between slashes: its `{2}` is a count, not a `{key}` placeholder to fill in.
    expect(notes).toContain("query parameter /zqtext.[a-z]{2}(-[A-Z]{2})?/ (any key it matches)");
    expect(notes).not.toContain("<name>");
    expect(await linkProblems(d, "zqcarts")).toEqual([]);
  });
});
