// A list operation with hundreds of optional query filters (`zqfield__icontains`, `zqfield__in`, … for every field):
// the request case sent them all at once, a request line past the 16,384 bytes a Node.js server reads (the mock's),
// which answered 431. The case sends them in parts a request head holds, every filter in one of them, each checked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { type DraftedOnMock, draftedOnMock } from "../__fixtures__/drafted-subject.js";
import { fitsRequestHead, inHeadParts } from "../inputs/head-bytes.js";
import { runCases } from "../run.js";
import { valuesOf } from "../inputs/values.js";
import { requestKind } from "./request.js";

const FILTERS = Array.from({ length: 60 }, (_, i) => `zqaddress_${i}_zqapartment_number`).flatMap((field) =>
  ["", "__icontains", "__in", "__iregex", "__istartswith", "__search"].map((lookup) => `${field}${lookup}`),
);
const filter = (name: string) => ({
  name,
  in: "query",
  schema: { type: "string", maxLength: 40, example: "zq-example-filter-value" },
});
const document = openapi({
  "/zqtask_exports/": {
    get: {
      operationId: "ZqTaskExportsList",
      parameters: FILTERS.map(filter),
      responses: {
        "200": { description: "", content: { "application/json": { schema: { type: "array", items: {} } } } },
      },
    },
  },
});

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqexports", document, ["ZqTaskExportsList"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a request case of more parameters than a request head holds", () => {
  it("is made in parts the head holds, every parameter in one", () => {
    const { subject } = on as DraftedOnMock;
    const tool = subject.tools[0]!;
    const values = valuesOf(tool, subject.document);
    const full = values.full();
    expect(fitsRequestHead(tool, full)).toBe(false);
    const parts = inHeadParts(tool, full);
    expect(parts.every((part) => fitsRequestHead(tool, part))).toBe(true);
    expect(new Set(parts.flatMap((part) => Object.keys(part)))).toEqual(new Set(Object.keys(full)));
    // Each filter in one part only.
    expect(parts.flatMap((part) => Object.keys(part)).filter((k) => k.startsWith("zqaddress")).length).toBe(360);
  });

  it("weighs each parameter's value a few times, not once for each step of a part (its bytes kept as it grows)", () => {
    const { subject } = on as DraftedOnMock;
    const tool = subject.tools[0]!;
    const full = valuesOf(tool, subject.document).full();
    let weighed = 0;
    const counted = {
      ...tool,
      params: tool.params.map(
        (p) =>
          new Proxy(p, {
            get: (t, k) => {
              if (k === "wire") weighed++;
              return Reflect.get(t, k);
            },
          }),
      ),
    };
    const parts = inHeadParts(counted, full);
    expect(parts).toEqual(inHeadParts(tool, full));
    expect(parts.every((part) => fitsRequestHead(tool, part))).toBe(true);
    // Weighing each part whole at each step weighed every parameter at each: 360 filters, about 75,000 times.
    expect(weighed).toBeLessThan(20 * tool.params.length);
  });

  it("passes on the mock, part by part", async () => {
    const { subject, url } = on as DraftedOnMock;
    const sent: number[] = [];
    const results = await runCases(requestKind.derive(subject.tools[0]!, subject), {
      mockUrl: () => url,
      seed: 7,
      runs: 1,
      observe: (call) => sent.push(...call.exchanges.map((ex) => ex.status)),
    });
    expect(results.map((r) => r.name)).toEqual(["every parameter, placed where the spec declares it"]);
    // A request a part, each answered.
    const tool = subject.tools[0]!;
    const parts = inHeadParts(tool, valuesOf(tool, subject.document).full());
    expect(parts.length).toBeGreaterThan(1);
    expect(sent).toEqual(parts.map(() => 200));
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
  });
});
