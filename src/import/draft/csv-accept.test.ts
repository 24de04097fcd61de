// What a request asks its answer in (`Accept`), seen by a loopback upstream. A tool whose successes are all JSON sent
// fetch's `*/*` (a service then answers its default type), and one whose only success is CSV sent none: each now asks
// for what it reads, `application/json` (the runtime's own, call/build-request.ts) or its declared types (the link's,
// src/link/answer-types/accept.ts), its errors' JSON types after them at a lower q.
import { rmSync } from "node:fs";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Received, server } from "../../../test-support/runtime/loopback-server.js";
import { draftWorkFolder, drafted, linkedTools, openapi } from "../__fixtures__/draft-kit.js";

const row = { type: "object", properties: { zqId: { type: "string" }, zqAmount: { type: "number" } } };
const rows = { type: "array", items: row };
const error = { content: { "application/json": { schema: { type: "object" } } }, description: "Failed." };
const ok = (content: object) => ({ description: "The zq rows.", content });
/** Operations by id: each a GET of its own path, answering `responses`. */
const operations: Record<string, Record<string, object>> = {
  zqJson: { "200": ok({ "application/json": { schema: rows } }), "404": error },
  zqCsv: { "200": ok({ "text/csv": { schema: rows } }), "404": error },
  zqCsvAlone: { "200": ok({ "text/csv": { schema: rows } }) },
  zqMixed: { "200": ok({ "application/json": { schema: rows }, "text/csv": { schema: rows } }), "404": error },
  zqApart: { "200": ok({ "application/json": { schema: rows } }), "202": ok({ "text/csv": { schema: rows } }) },
  zqCsvFirst: { "200": ok({ "text/csv": { schema: rows } }), "202": ok({ "application/json": { schema: rows } }) },
};
const d = drafted(
  openapi(
    Object.fromEntries(
      Object.entries(operations).map(([id, responses]) => [
        `/${id.toLowerCase()}`,
        { get: { operationId: id, responses } },
      ]),
    ),
  ),
  Object.keys(operations),
);

/** The upstream's answer to a path: what the test last set for it, else a JSON list of one row. */
const answers = new Map<string, { type: string; body: string }>();
let upstream: Awaited<ReturnType<typeof server>>;
let tools: ToolSpec[];

beforeAll(async () => {
  upstream = await server((req: Received) => {
    const answer = answers.get(new URL(req.url, "http://127.0.0.1").pathname);
    return { status: 200, headers: { "content-type": answer?.type ?? "application/json" }, body: answer?.body ?? "[]" };
  });
  tools = await linkedTools(d);
});

afterAll(async () => {
  await upstream?.close();
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

const tool = (id: string) => tools.find((t) => t.id === `acme_${id}`)!;

/** The Accept the upstream received for one call of the tool, and the call's result. */
async function accepted(id: string) {
  const from = upstream.received.length;
  const result = await executeToolDefinition(
    tool(id),
    { accessToken: "zq-token-0000000001" },
    { baseUrl: upstream.url, retries: 0 },
  );
  return { accept: upstream.received[from]?.headers.accept, result };
}

describe("the Accept a request sends", () => {
  it("is application/json for a tool whose successes are all JSON, where fetch's */* went", async () => {
    expect(tool("zq_json").accept).toBeUndefined();
    const { accept, result } = await accepted("zq_json");
    expect(result.success).toBe(true);
    expect(accept).toBe("application/json");
  });

  it("is text/csv for a tool whose only success is CSV, its errors' JSON after at a lower q", async () => {
    expect((await accepted("zq_csv_alone")).accept).toBe("text/csv");
    answers.set("/zqcsv", { type: "text/csv", body: "zqId,zqAmount\np1,2\n" });
    const { accept, result } = await accepted("zq_csv");
    expect(accept).toBe("text/csv, application/json;q=0.5");
    expect(result.success ? result.output : result.error).toMatchObject({ data: [{ zqId: "p1", zqAmount: 2 }] });
  });
});

describe("a CSV success beside a JSON one", () => {
  it.each([
    ["zq_mixed", "/zqmixed", "application/json, text/csv;q=0.5"],
    ["zq_apart", "/zqapart", "application/json, text/csv;q=0.5"],
    ["zq_csv_first", "/zqcsvfirst", "text/csv, application/json;q=0.5"],
  ])("%s asks for both and reads the answer by its Content-Type", async (id, path, both) => {
    const read = { data: [{ zqId: "p1", zqAmount: 2 }] };
    answers.set(path, { type: "text/csv; charset=utf-8", body: "zqId,zqAmount\np1,2\n" });
    const csv = await accepted(id);
    expect(csv.accept).toBe(both);
    expect(csv.result.success ? csv.result.output : csv.result.error).toMatchObject(read);
    answers.set(path, { type: "application/json", body: JSON.stringify(read.data) });
    const json = await accepted(id);
    expect(json.result.success ? json.result.output : json.result.error).toMatchObject(read);
  });
});
