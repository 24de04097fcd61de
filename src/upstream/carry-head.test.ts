// `upstream --accept` where the newer document declares its error answers (JSON:API's `{errors: [{code, detail}]}`)
// and the older declared none: the manifest kept the common places add drafted from the older one, the message of
// every such answer was lost (the tool's error said only the status line) and `test`'s error cases failed. And where
// the newer document's server has a path the older's had not (TextQL's `…/rpc/public`): the manifest kept the older
// address and generate refused it (BW2018). Both follow the newer draft now, with a line and a note; parts written by
// hand stay.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { carryDrafted } from "./carry.js";

const apiErrors = {
  type: "object",
  properties: {
    errors: {
      type: "array",
      items: { type: "object", properties: { code: { type: "string" }, detail: { type: "string" } } },
    },
  },
};

function cut(error?: object, server = "https://zqtags.invalid"): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqtags", version: "1" },
    servers: [{ url: server }],
    paths: {
      "/zqtags": {
        post: {
          operationId: "zqcreateTag",
          responses: {
            "201": { description: "ok" },
            "422": error
              ? { description: "no", content: { "application/json": { schema: error } } }
              : { description: "no" },
          },
        },
      },
    },
  });
}

const manifest = (errors: string, server = "https://zqtags.invalid") => `provider: zqtags
server:
  default: ${server}
errors:
${errors}
operations:
  zqtags_create:
    operationId: zqcreateTag
`;
const DRAFTED = "  message: [ $response.body#/message, $response.body#/error/message, $response.body#/error ]";

describe("the parts for all operations add drafted from the older document", () => {
  it("where errors are read follows the newer draft, with a line and a note", () => {
    const carried = carryDrafted(manifest(DRAFTED), cut(), cut(apiErrors), "openapi.yaml");
    expect(carried.lines).toEqual(["errors: the newer document's, as add drafts it"]);
    const errors = parse(carried.text).errors;
    expect(errors.message).toContain("$response.body#/errors/0/detail");
    expect(errors.code).toEqual(["$response.body#/errors/0/code"]);
    expect(carried.text).toContain("# review: where an error's code and message are read follows the newer");
  });

  it("and the address, where the newer document's server has a path", () => {
    const moved = "https://zqtags.invalid/zqrpc/public";
    const carried = carryDrafted(manifest(DRAFTED), cut(), cut(undefined, moved), "openapi.yaml");
    expect(carried.lines).toEqual(["server: the newer document's, as add drafts it"]);
    expect(parse(carried.text).server).toEqual({ default: moved });
    expect(carried.text).toContain("# review: the address follows the newer document's server");
    const mine = manifest(DRAFTED, "https://zqtags.invalid/zqmine");
    expect(carryDrafted(mine, cut(), cut(undefined, moved), "openapi.yaml").lines).toEqual([]);
  });

  it("stays where the user wrote it, or where the newer document drafts the same", () => {
    const mine = manifest("  message: [ $response.body#/zqproblem ]");
    expect(carryDrafted(mine, cut(), cut(apiErrors), "openapi.yaml").text).toBe(mine);
    expect(carryDrafted(manifest(DRAFTED), cut(), cut(), "openapi.yaml").lines).toEqual([]);
  });
});
