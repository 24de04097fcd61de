// A list operation taking `start` (or `from`) as the beginning of a time range, a UNIX timestamp in milliseconds
// beside `end` (a published address API's usage statistics, a day's count per item), was drafted as offset paging
// sent as start: `call --all-pages` would have sent 0, 10, 20… as timestamps. A number whose description or format
// says it is a time is no offset.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkProblems, notesAt, openapi, reply } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const daily = reply(
  {
    type: "object",
    properties: {
      zqdays: {
        type: "array",
        items: { type: "object", properties: { zqdate: { type: "string" }, zqcount: { type: "integer" } } },
      },
    },
  },
  { zqdays: [{ zqdate: "2026-01-01", zqcount: 3 }] },
);
const listing = (start: Record<string, unknown>) =>
  openapi({
    "/zqusage": {
      get: {
        operationId: "zqUsage",
        parameters: [start, { name: "end", in: "query", schema: { type: "integer", description: "The end time" } }],
        responses: { "200": daily },
      },
    },
  });

describe("a number that is a time", () => {
  it.each([
    ["described as a timestamp", { description: "A start date/time in the form of a UNIX Timestamp in milliseconds" }],
    ["described as seconds since the epoch", { description: "Seconds since the epoch the range starts at" }],
    ["of a time format", { format: "unix-time" }],
  ])("is no offset: %s", async (_, words) => {
    const { description, ...schema } = words as { description?: string; format?: string };
    const d = drafted(
      listing({
        name: "start",
        in: "query",
        ...(description ? { description } : {}),
        schema: { type: "integer", ...schema },
      }),
      ["zqUsage"],
    );
    expect(d.manifest.operations.acme_zq_usage?.pagination).toBeUndefined();
    expect(notesAt(d, "operations.acme_zq_usage.pagination")).toEqual([]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("leaves an offset described as where the page starts an offset", () => {
    const d = drafted(
      listing({ name: "start", in: "query", description: "The index of the first item", schema: { type: "integer" } }),
      ["zqUsage"],
    );
    expect(d.manifest.operations.acme_zq_usage?.pagination).toMatchObject({ style: "offset", send: { name: "start" } });
  });
});
