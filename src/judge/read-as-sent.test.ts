// A path value spanning segments (`GET /{zqthingId}`, given a whole resource id) also matches another operation's
// more literal path (`/{zqscope}/providers/Zq.Things/zqthings/{zqthingId}`), whose parameter of the same name is the
// id's last segment: the read-back of "every parameter" routed the request to that operation and read `zq1` where
// the tool was given the whole id (azure.com's DenyAssignmentGetCalls). A request is read as the operation that sent
// it where its path matches; without the operation named, as the most literal path, as a service routes it.
import { describe, expect, it } from "vitest";
import type { ParamSpec, WireSpec } from "@blockwright/runtime/internal";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { requestJudge } from "./judge.js";
import { misReadings } from "./read-back.js";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const id = (name: string) => ({
  name,
  in: "path",
  required: true,
  "x-ms-skip-url-encoding": true,
  schema: { type: "string" },
});
const document = new OpenApiDocument(
  parseYamlSource(
    JSON.stringify(
      openapi({
        "/{zqthingId}": { get: { operationId: "zqGetThingById", parameters: [id("zqthingId")], responses: ok } },
        "/{zqscope}/providers/Zq.Things/zqthings/{zqthingId}": {
          get: {
            operationId: "zqGetThing",
            parameters: [id("zqscope"), { ...id("zqthingId"), "x-ms-skip-url-encoding": undefined }],
            responses: ok,
          },
        },
      }),
    ),
    "openapi.yaml",
  ),
);
const judge = requestJudge(document, { basePath: "", credential: "form" });
const whole = "zqsubs/zq-s1/providers/Zq.Things/zqthings/zq1";
const request = {
  method: "GET",
  url: `https://api.acme.test/${whole}`,
  headers: new Headers({ authorization: "Bearer zq" }),
};
const spec = { name: "zqthingId", type: "string" } as ParamSpec;
const wire = { in: "path", name: "zqthingId", multiSegment: true } as WireSpec;

describe("a request whose path another operation's more literal path matches too", () => {
  it("is read as the operation that sent it: the whole id, as the tool was given it", () => {
    expect(misReadings(judge, request, document, "zqGetThingById", [{ spec, wire, want: whole }])).toEqual([]);
    expect(judge(request, "zqGetThingById").read.params.get("path:zqthingId")).toBe(whole);
  });

  it("is read as the most literal path's operation where none is named, as a service routes it", () => {
    expect(judge(request).read.params.get("path:zqthingId")).toBe("zq1");
    expect(judge(request).read.params.get("path:zqscope")).toBe("zqsubs/zq-s1");
  });
});
