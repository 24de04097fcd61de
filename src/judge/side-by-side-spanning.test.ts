// Two path values that span segments side by side (`/{zqparent}/{zqkind}/{zqname}`, both marked
// x-ms-skip-url-encoding, as azure.com's policy assignments mark a resource's parent path and its type): the bytes
// `a/b/c/d` read several ways, each meeting the document, and the service tells them apart by what it knows. The
// read-back of "every parameter" took the first reading (`a` and `b/c`) and failed a request the tool had written
// exactly as the document's rules write the values given (`a/b` and `c`).
import { describe, expect, it } from "vitest";
import type { ParamSpec, WireSpec } from "@blockwright/runtime/internal";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";
import { misReadings } from "./read-back.js";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const spanning = (name: string) => ({
  name,
  in: "path",
  required: true,
  "x-ms-skip-url-encoding": true,
  schema: { type: "string" },
});
const name = { name: "zqname", in: "path", required: true, schema: { type: "string" } };
const lettersOnly = { type: "string", pattern: "^[a-z]+$" };
const document = new OpenApiDocument(
  parseYamlSource(
    JSON.stringify(
      openapi({
        "/zqthings/{zqparent}/{zqkind}/{zqname}": {
          get: {
            operationId: "zqGetNested",
            parameters: [spanning("zqparent"), spanning("zqkind"), name],
            responses: ok,
          },
        },
        // The kind's pattern takes no "/": one split of the path meets the document.
        "/zqtyped/{zqparent}/{zqkind}/{zqname}": {
          get: {
            operationId: "zqGetTyped",
            parameters: [spanning("zqparent"), { ...spanning("zqkind"), schema: lettersOnly }, name],
            responses: ok,
          },
        },
      }),
    ),
    "openapi.yaml",
  ),
);
const judge = requestJudge(document, { basePath: "", credential: "form" });
const sent = (path: string, under = "zqthings") => ({
  method: "GET",
  url: `https://api.acme.test/${under}/${path}`,
  headers: new Headers({ authorization: "Bearer zq" }),
});
const param = (name: string, want: string) => ({
  spec: { name, type: "string" } as ParamSpec,
  wire: { in: "path", name, multiSegment: "as-given" } as WireSpec,
  want,
});

describe("two path values spanning segments side by side", () => {
  it("read back as given where one of the path's readings gives them", () => {
    const request = sent("zqvms/zqvm-1/zqdisks/zqone");
    expect(judge(request, "zqGetNested").refusals).toEqual([]);
    const given = [param("zqparent", "zqvms/zqvm-1"), param("zqkind", "zqdisks")];
    expect(misReadings(judge, request, document, "zqGetNested", given)).toEqual([]);
    // The other split is a reading too: values given that way read back as well.
    const other = [param("zqparent", "zqvms"), param("zqkind", "zqvm-1/zqdisks")];
    expect(misReadings(judge, request, document, "zqGetNested", other)).toEqual([]);
  });

  it("still fails values no reading gives, in the first reading's words", () => {
    const request = sent("zqvms/zqvm-1/zqdisks/zqone");
    const given = [param("zqparent", "zqvms/zqvm-2"), param("zqkind", "zqdisks")];
    const misread = misReadings(judge, request, document, "zqGetNested", given);
    expect(misread.map((m) => m.param)).toEqual(["zqparent", "zqkind"]);
    expect(misread[0]?.message).toContain('reads path parameter "zqparent"');
  });

  it("reads only the splits that meet the document: a value outside its pattern is no reading", () => {
    const request = sent("zqvms/zqvm-1/zqdisks/zqone", "zqtyped");
    const judged = judge(request, "zqGetTyped");
    expect(judged.refusals).toEqual([]);
    expect(judged.read.path).toEqual({ zqparent: "zqvms/zqvm-1", zqkind: "zqdisks", zqname: "zqone" });
    expect(judged.alsoRead).toBeUndefined();
    const other = [param("zqparent", "zqvms"), param("zqkind", "zqvm-1/zqdisks")];
    expect(misReadings(judge, request, document, "zqGetTyped", other).map((m) => m.param)).toEqual([
      "zqparent",
      "zqkind",
    ]);
  });
});
