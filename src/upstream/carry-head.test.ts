// `upstream --accept` where the newer document declares its error answers (JSON:API's `{errors: [{code, detail}]}`)
// and the older declared none: the manifest kept the common places add drafted from the older one, the message of
// every such answer was lost (the tool's error said only the status line) and `test`'s error cases failed. And where
// the newer document's server has a path the older's had not (TextQL's `…/rpc/public`): the manifest kept the older
// address and generate refused it (BW2018). Both follow the newer draft now, with a line and a note; parts written by
// hand stay.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { linkProblems } from "../../test-support/generation-problems.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { carryDrafted } from "./carry.js";

const work = join(runScratch(), `carry-head-${process.pid}`);
afterAll(() => rmSync(work, { recursive: true, force: true }));
let count = 0;

/** What generate's link step says of `manifestText` beside the cut `openapi`, in a project of its own. */
async function problems(manifestText: string, openapi: string): Promise<string[]> {
  const dir = join(work, String(count++), "specs", "zqtags");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), openapi);
  writeFileSync(join(dir, "manifest.yaml"), manifestText);
  return linkProblems(join(dir, "..", ".."), dir);
}

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
const DRAFTED =
  "  message: [ $response.body#/message, $response.body#/error/message, $response.body#/error_description, " +
  "$response.body#/error_message, $response.body#/error, $response.body#/errors/0/message, " +
  "$response.body#/fault/faultstring ]";
// The common places as an earlier add drafted them (before a list of errors and a gateway's fault were read; before a
// flat error's description and message were).
const DRAFTED_EARLIER = "  message: [ $response.body#/message, $response.body#/error/message, $response.body#/error ]";
const DRAFTED_BEFORE_FLAT =
  "  message: [ $response.body#/message, $response.body#/error/message, $response.body#/error, " +
  "$response.body#/errors/0/message, $response.body#/fault/faultstring ]";

describe("the parts for all operations add drafted from the older document", () => {
  it("where errors are read follows the newer draft, with a line and a note", () => {
    const carried = carryDrafted(manifest(DRAFTED), cut(), cut(apiErrors), "openapi.yaml");
    expect(carried.lines).toEqual(["errors: the newer document's, as add drafts it"]);
    const errors = parse(carried.text).errors;
    expect(errors.message).toContain("$response.body#/errors/0/detail");
    expect(errors.code).toEqual(["$response.body#/errors/0/code"]);
    expect(carried.text).toContain("# review: where an error's code and message are read follows the newer");
  });

  it("and from the common places an earlier add drafted, which are add's draft still", () => {
    for (const earlier of [DRAFTED_EARLIER, DRAFTED_BEFORE_FLAT]) {
      const carried = carryDrafted(manifest(earlier), cut(), cut(apiErrors), "openapi.yaml");
      expect(carried.lines).toEqual(["errors: the newer document's, as add drafts it"]);
      expect(parse(carried.text).errors.code).toEqual(["$response.body#/errors/0/code"]);
    }
    // One of them written by hand beside them is the user's.
    const mine = manifest(`${DRAFTED_EARLIER.slice(0, -2)}, $response.body#/zqproblem ]`);
    expect(carryDrafted(mine, cut(), cut(apiErrors), "openapi.yaml").lines).toEqual([]);
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

// eGain's third version serves two operations at a server of their own on each customer's host
// (`https://${API_DOMAIN}/core/aiservices/v4`): the manifest kept them without one, and generate refused both.
// biome-ignore lint/suspicious/noTemplateCurlyInString: the document's own placeholder, not a template
const CUSTOMER_HOST = "https://${ZQ_DOMAIN}/zqai/v4";

describe("an operation's own server the newer document names", () => {
  const serving = (own: boolean) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "zqtags", version: "1" },
      servers: [{ url: "https://zqtags.invalid" }],
      security: [{ bearer: [] }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      paths: {
        "/zqanswers": {
          post: {
            operationId: "zqanswer",
            ...(own ? { servers: [{ url: CUSTOMER_HOST }] } : {}),
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
  const answering = `provider: zqtags
name: zqtags
description: Operations of the zqtags.
color: "#6B7280"
category: tools
openapi: openapi.yaml
server:
  default: https://zqtags.invalid
auth:
  scheme: bearer
  param: token
errors:
${DRAFTED}
params:
  token: { type: string, maxLength: 256, title: Token, required: true, secret: true, description: The token. }
operations:
  zqtags_answer:
    operationId: zqanswer
    title: Answer
    description: Answer.
    outputs: {}
`;

  it("follows the newer draft, the instance's address added as a shared parameter; the manifest links", async () => {
    const carried = carryDrafted(answering, serving(false), serving(true), "openapi.yaml");
    const manifestNow = parse(carried.text);
    const param = manifestNow.operations.zqtags_answer.server.param;
    expect(typeof param).toBe("string");
    expect(manifestNow.params[param]).toMatchObject({ type: "string", format: "base-url" });
    expect(carried.lines).toContain(`params.${param}: the address the newer document's server asks, as add drafts it`);
    expect(await problems(carried.text, serving(true))).toEqual([]);
    // Its own server gone again (eGain's seventh version): the address taken out with it.
    // Its words as a version between drafted them (naming other operations served there): taken out all the same.
    const worded = carried.text.replace(/(\n {4}description: )["']?Where[^\n]*/, "$1Where the zq operations are.");
    expect(worded).not.toBe(carried.text);
    const back = carryDrafted(worded, serving(true), serving(false), "openapi.yaml");
    expect(back.lines).toContain(`params.${param}: taken out: no address of the newer document asks it`);
    expect(parse(back.text).params[param]).toBeUndefined();
    expect(parse(back.text).operations.zqtags_answer.server).toBeUndefined();
    expect(await problems(back.text, serving(false))).toEqual([]);
  });
});
