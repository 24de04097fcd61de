// What `upstream --accept` carries of an output add drafted to read the first of several places that holds a value
// (`from: [$response.body#/results, $response.body]`, a reply that is a bare list or a page object holding it): where
// the newer answer has no page object, its field is taken out of the places read and the output kept, reading the place
// left; the page's own field (`next`) is taken out as any single place is.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { carryDrafted } from "./carry.js";

const item = { type: "object", properties: { gid: { type: "string" }, name: { type: "string" } } };
const list = { type: "array", items: item };

/** A cut of one list operation answering `reply`. */
function cut(reply: unknown): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqtasks", version: "1" },
    servers: [{ url: "https://zqtasks.invalid/api" }],
    paths: {
      "/zqtasks": {
        get: {
          operationId: "zqListTasks",
          summary: "List tasks",
          responses: { "200": { description: "The tasks.", content: { "application/json": { schema: reply } } } },
        },
      },
    },
  });
}

const page = { type: "object", required: ["results"], properties: { results: list, next: { type: "string" } } };

/** The outputs as add drafts them from the bare list or page object of the older cut. */
const MANIFEST = `provider: zqtasks
operations:
  list_tasks:
    operationId: zqListTasks
    title: List tasks
    description: List tasks
    outputs:
      data:
        type: array
        from: [ $response.body#/results, $response.body ]
        description: The items of this reply.
      metadata.count:
        type: number
        from: [ $response.body#/results, $response.body ]
        count: true
        description: How many items this reply holds.
      metadata.next:
        type: string
        from: $response.body#/next
        optional: true
        description: The reply's next.
`;

describe("carryDrafted of an output read from the first of several places", () => {
  it("takes the places gone out of its list and keeps it while one is left", () => {
    const carried = carryDrafted(MANIFEST, cut({ oneOf: [list, page] }), cut(list), "openapi.yaml");
    expect(carried.lines).toEqual([
      "operations.list_tasks.outputs.data.from: /results no longer read: the newer document's answer has no field " +
        "/results",
      "operations.list_tasks.outputs.metadata.count.from: /results no longer read: the newer document's answer has " +
        "no field /results",
      "operations.list_tasks.outputs: metadata.next taken out: the newer document's answer has no field /next",
    ]);
    const outputs = parse(carried.text).operations.list_tasks.outputs;
    expect(outputs.data).toMatchObject({ type: "array", from: "$response.body" });
    expect(outputs["metadata.count"]).toMatchObject({ from: "$response.body", count: true });
    expect(outputs["metadata.next"]).toBeUndefined();
    expect(carried.text).toContain("# review: /results no longer read: the newer document's answer has no field");
  });

  it("keeps the list whole where the newer answer still has every place", () => {
    const carried = carryDrafted(MANIFEST, cut({ oneOf: [list, page] }), cut({ anyOf: [list, page] }), "openapi.yaml");
    expect(carried.lines).toEqual([]);
    expect(carried.text).toBe(MANIFEST);
  });
});
