// What `upstream --accept` carries of paging add drafted (`style: nextUrl`, `url: $response.body#/next`) when the
// newer answer no longer has the field it reads: it follows the newer draft's paging where that one is the
// operation's (a cursor with its new parameter), is taken out where the newer document pages no way add drafts, and is
// left as it is where the user wrote it (generate then names it).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { linkProblems } from "../../test-support/generation-problems.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { carryDrafted } from "./carry.js";

const item = { type: "object", properties: { gid: { type: "string" }, name: { type: "string" } } };
const list = { type: "array", items: item };

/** A cut of one list operation answering `fields` beside its list, taking `params`. */
function cut(fields: Record<string, unknown>, params: unknown[] = []): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqtasks", version: "1" },
    servers: [{ url: "https://zqtasks.invalid/api" }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths: {
      "/zqtasks": {
        get: {
          operationId: "zqListTasks",
          summary: "List tasks",
          parameters: params,
          responses: {
            "200": {
              description: "The tasks.",
              content: {
                "application/json": {
                  schema: { type: "object", required: ["data"], properties: { data: list, ...fields } },
                },
              },
            },
          },
        },
      },
    },
  });
}

const OLDER = cut({ next: { type: "string", format: "uri" } });

/** The operation as add drafts it from OLDER, its paging as `pagination` says. */
const manifest = (pagination: string) => `provider: zqtasks
name: zqtasks
description: Operations of the zqtasks.
color: "#6B7280"
category: tools
openapi: openapi.yaml
server:
  default: https://zqtasks.invalid/api
auth:
  scheme: bearer
  param: token
errors:
  message: [ $response.body#/message ]
params:
  token:
    type: string
    maxLength: 256
    title: Token
    required: true
    secret: true
    description: The API token.
operations:
  zqtasks_list_tasks:
    operationId: zqListTasks
    title: List tasks
    description: List tasks
    pagination:
${pagination}
    outputs:
      data:
        type: array
        from: $response.body#/data
        description: The items of this reply.
      metadata.next:
        type: string
        from: $response.body#/next
        optional: true
        description: The reply's next.
`;
const DRAFTED = manifest("      style: nextUrl\n      url: $response.body#/next\n      items:\n        - data");

const work = join(runScratch(), `carry-paging-${process.pid}`);
afterAll(() => rmSync(work, { recursive: true, force: true }));
let count = 0;

/** What generate's link step says of `manifestText` beside the cut `openapi`. */
async function problems(manifestText: string, openapi: string): Promise<string[]> {
  // A project of its own, not the repository's specs/.
  const project = join(work, String(count++));
  const dir = join(project, "specs", "zqtasks");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), openapi);
  writeFileSync(join(dir, "manifest.yaml"), manifestText);
  return linkProblems(project, dir);
}

describe("carryDrafted of paging that reads a field the newer answer no longer has", () => {
  it("takes it out where the newer document pages no way add drafts", async () => {
    expect(await problems(DRAFTED, OLDER)).toEqual([]);
    expect((await problems(DRAFTED, cut({}))).join("\n")).toContain("/next");
    const carried = carryDrafted(DRAFTED, OLDER, cut({}), "openapi.yaml");
    expect(carried.lines).toEqual([
      "operations.zqtasks_list_tasks.outputs: metadata.next taken out: the newer document's answer has no field /next",
      "operations.zqtasks_list_tasks: pagination taken out: the newer document's answer has no field /next",
    ]);
    const op = parse(carried.text).operations.zqtasks_list_tasks;
    expect(op.pagination).toBeUndefined();
    expect(Object.keys(op.outputs)).toEqual(["data"]);
    expect(await problems(carried.text, cut({}))).toEqual([]);
    expect(carried.text).toContain("# review: its pagination was taken out: the newer document's answer has no field");
  });

  it("follows the newer draft's paging where its parameter and outputs are carried too", async () => {
    const newer = cut({ next_cursor: { type: "string" } }, [
      { name: "cursor", in: "query", schema: { type: "string" } },
    ]);
    const carried = carryDrafted(DRAFTED, OLDER, newer, "openapi.yaml");
    expect(carried.lines).toContain(
      "operations.zqtasks_list_tasks.pagination: pagination as add drafts it from the newer document: the newer " +
        "document's answer has no field /next",
    );
    const op = parse(carried.text).operations.zqtasks_list_tasks;
    expect(op.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/next_cursor",
      send: { in: "query", name: "cursor" },
      items: ["data"],
    });
    expect(op.params.cursor).toMatchObject({ type: "string", wire: { in: "query" } });
    expect(await problems(carried.text, newer)).toEqual([]);
  });

  it("leaves paging the user wrote, and paging whose field is still there", () => {
    const mine = manifest(
      "      style: nextUrl\n      url: $response.body#/next\n      items: [ data ]\n      more:\n" +
        "        from: $response.body#/next\n        equals: true",
    );
    expect(carryDrafted(mine, OLDER, cut({}), "openapi.yaml").text).not.toContain("pagination taken out");
    const kept = carryDrafted(DRAFTED, OLDER, cut({ next: { type: "string" } }), "openapi.yaml");
    expect(kept.lines).toEqual([]);
    expect(kept.text).toBe(DRAFTED);
  });
});

// Squadcast's second version: a page number (`pageNumber`) become a cursor. The request parameter was taken out, the
// paging that sends it kept, and generate refused the manifest (BW2003).
describe("carryDrafted of paging that sends a request parameter the newer document no longer takes", () => {
  const q = (name: string, type = "integer") => ({ name, in: "query", schema: { type } });
  const older = cut({}, [q("page"), q("limit")]);
  const paged = manifest(
    "      style: page\n      send: { in: query, name: page }\n      items: [ data ]\n      pageSize: limit",
  )
    .replace(
      "    pagination:",
      "    params:\n" +
        ["page", "limit"]
          .map(
            (n) =>
              `      ${n}:\n        type: number\n        description: The ${n} parameter.\n` +
              "        integer: true\n        wire: { in: query }\n",
          )
          .join("") +
        "    pagination:",
    )
    .replace(/ {6}metadata\.next:[\s\S]*$/, "");

  it("follows the newer draft's cursor", async () => {
    expect(await problems(paged, older)).toEqual([]);
    const newer = cut({ next_cursor: { type: "string" } }, [q("cursor", "string"), q("limit")]);
    const carried = carryDrafted(paged, older, newer, "openapi.yaml");
    expect(carried.lines).toContain(
      "operations.zqtasks_list_tasks.pagination: pagination as add drafts it from the newer document: the newer " +
        "document's request has no query parameter page",
    );
    expect(parse(carried.text).operations.zqtasks_list_tasks.pagination).toMatchObject({
      style: "cursor",
      send: { in: "query", name: "cursor" },
    });
    expect(await problems(carried.text, newer)).toEqual([]);
  });

  it("is taken out where the newer document pages no way add drafts", async () => {
    const newer = cut({}, [q("limit")]);
    const carried = carryDrafted(paged, older, newer, "openapi.yaml");
    expect(carried.lines).toContain(
      "operations.zqtasks_list_tasks: pagination taken out: the newer document's request has no query parameter page",
    );
    expect(parse(carried.text).operations.zqtasks_list_tasks.pagination).toBeUndefined();
    expect(await problems(carried.text, newer)).toEqual([]);
  });
});
