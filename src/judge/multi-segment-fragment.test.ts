// A path value marked as spanning segments (`x-ms-skip-url-encoding`) in a key that ends with a fragment
// (`/{roleId}#disambiguation_dummy`, two keys of one path told apart: an authorization API's role definitions). add
// read the mark in the path a request reaches and drafted the value multiSegment; the judge read it in the whole key,
// whose last segment `{roleId}#disambiguation_dummy` is no whole `{roleId}`, found no operation for a value holding
// `/`, and the mock answered 404. Both read it in the request's path now.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../load/openapi-document.js";
import { parseYamlSource } from "../load/yaml-source.js";
import { openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { requestJudge } from "./judge.js";
import { multiSegmentMarker } from "../load/operations/multi-segment.js";

const roleId = {
  name: "zqRoleId",
  in: "path",
  required: true,
  "x-ms-skip-url-encoding": true,
  schema: { type: "string" },
};
const document = openapi({
  "/{zqRoleId}#zqdisambiguation": {
    get: { operationId: "GetZqRole", parameters: [roleId], responses: { "200": reply({ type: "object" }) } },
  },
});

describe("a spanning path value in a key with a fragment", () => {
  it("is marked so, and the judge reads a request whose value holds / as the operation's", () => {
    expect(multiSegmentMarker(roleId, "/{zqRoleId}#zqdisambiguation")).toBe("x-ms-skip-url-encoding");
    expect(multiSegmentMarker(roleId, "/zqroles?zqid={zqRoleId}")).toBeUndefined();
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(JSON.stringify(document), "openapi.yaml")), {
      basePath: "",
      credential: "form",
    });
    const judged = judge({
      method: "GET",
      url: "https://api.acme.test/zqproviders/zq.auth/zqroles/zq1",
      headers: new Headers(),
    });
    expect(judged.operation).toBe("GetZqRole");
    expect(judged.read.params.get("path:zqRoleId")).toBe("zqproviders/zq.auth/zqroles/zq1");
  });
});
