// requiredWhen: a parameter required for some values of another (after its default), or, where the rule lists no
// values, whenever the other is given (JSON Schema's dependentRequired). A call that leaves it out while the other
// has such a value (or is given) is refused before any request, naming the parameter, the rule and the value (a
// secret's redacted); told to models in the tool's description.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { type Received, server } from "../../test-support/runtime/loopback-server.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import { toolDescription } from "../llm/llm-tools.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";

const shelf = irFixture("shelf");
const addBook = shelf.operations.map((o) => o.tool).find((t) => t.id === "shelf_add_book") as ToolSpec;
const size = addBook.params.find((p) => p.name === "size") as ParamSpec;
const narrator: ParamSpec = {
  ...size,
  name: "zqNarrator",
  enum: undefined,
  maxLength: 80,
  wire: { in: "body", pointer: "/zq_narrator" },
};
// The narrator when the format is audio; the size when it is paper, which is also the format's default.
const tool: ToolSpec = {
  ...addBook,
  params: [...addBook.params, narrator],
  rules: [
    { rule: "requiredWhen", param: "zqNarrator", dependsOn: "format", values: ["audio"] },
    { rule: "requiredWhen", param: "size", dependsOn: "format", values: ["paper"] },
  ],
};
const KEY = "shelf-key-7f3a9c2e51";
const BOOK = { id: "b9", title: "Dune", state: "ready" };

let upstream: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  upstream = await server(() => ({ status: 201, body: JSON.stringify(BOOK) }));
});
afterAll(async () => {
  await upstream.close();
});

async function call(input: Record<string, unknown>): Promise<{ result: unknown; received: Received[] }> {
  const before = upstream.received.length;
  const result = await createExecutor({ [tool.id]: tool }, fullSupport)(
    tool.id,
    { apiKey: KEY, shelfId: "s1", title: "Dune", ...input },
    { baseUrl: upstream.url },
  );
  return { result, received: upstream.received.slice(before) };
}

describe("requiredWhen: a parameter required for some values of another", () => {
  it("refuses a call that leaves it out while the other has one of them, before any request", async () => {
    const { result, received } = await call({ format: "audio", size: undefined });
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "validation",
        param: "zqNarrator",
        rule: "requiredWhen",
        message: expect.stringContaining("zqNarrator: required when format is audio"),
      },
    });
    expect(received).toEqual([]);
  });

  it("reads the other parameter after its default: a call that gives no format is a paper book's", async () => {
    const { result, received } = await call({});
    expect(result).toMatchObject({
      success: false,
      error: { param: "size", rule: "requiredWhen", message: expect.stringContaining("when format is paper") },
    });
    expect(received).toEqual([]);
  });

  it("sends a call that gives it, and one whose other value does not require it", async () => {
    const audio = await call({ format: "audio", zqNarrator: "Ann" });
    expect(audio.result).toMatchObject({ success: true });
    expect(JSON.parse(audio.received[0]?.body ?? "{}")).toMatchObject({ zq_narrator: "Ann" });
    const ebook = await call({ format: "ebook" });
    expect(ebook.result).toMatchObject({ success: true });
    expect(ebook.received).toHaveLength(1);
  });

  it("is told to models in the tool's description", () => {
    expect(toolDescription(tool)).toContain(
      "Give zqNarrator when format is audio (required then). Give size when format is paper (required then).",
    );
  });
});

// A card that needs its expiry whenever it is given: a secret, whose value no message shows.
const zqCard: ParamSpec = { ...narrator, name: "zqCard", secret: true, wire: { in: "body", pointer: "/zq_card" } };
const zqExpiry: ParamSpec = { ...narrator, name: "zqExpiry", wire: { in: "body", pointer: "/zq_expiry" } };
const carded: ToolSpec = {
  ...addBook,
  params: [...addBook.params, zqCard, zqExpiry],
  rules: [{ rule: "requiredWhen", param: "zqExpiry", dependsOn: "zqCard" }],
};

async function callCarded(input: Record<string, unknown>): Promise<{ result: unknown; received: Received[] }> {
  const before = upstream.received.length;
  const result = await createExecutor({ [carded.id]: carded }, fullSupport)(
    carded.id,
    { apiKey: KEY, shelfId: "s1", title: "Dune", ...input },
    { baseUrl: upstream.url },
  );
  return { result, received: upstream.received.slice(before) };
}

describe("requiredWhen without values: a parameter required whenever another is given", () => {
  it("refuses a call giving the other without it, before any request, naming both and the value", async () => {
    const { result, received } = await callCarded({ zqCard: "zq-card-4242-0000" });
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "validation",
        param: "zqExpiry",
        rule: "requiredWhen",
        message: 'zqExpiry: required when zqCard is given, got zqCard "[redacted]" without it',
      },
    });
    expect(JSON.stringify(result)).not.toContain("zq-card-4242-0000");
    expect(received).toEqual([]);
  });

  it("names a value that is no secret as given", async () => {
    const open: ToolSpec = { ...carded, params: [...addBook.params, { ...zqCard, secret: false }, zqExpiry] };
    const result = await createExecutor({ [open.id]: open }, fullSupport)(
      open.id,
      { apiKey: KEY, shelfId: "s1", title: "Dune", zqCard: "visa-0042" },
      { baseUrl: upstream.url },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        param: "zqExpiry",
        rule: "requiredWhen",
        message: expect.stringContaining('zqExpiry: required when zqCard is given, got zqCard "visa-0042" without it'),
      },
    });
  });

  it("sends a call that gives both, and one that gives neither", async () => {
    const both = await callCarded({ zqCard: "zq-card-4242-0000", zqExpiry: "12/29" });
    expect(both.result).toMatchObject({ success: true });
    expect(JSON.parse(both.received[0]?.body ?? "{}")).toMatchObject({
      zq_card: "zq-card-4242-0000",
      zq_expiry: "12/29",
    });
    const neither = await callCarded({});
    expect(neither.result).toMatchObject({ success: true });
    expect(neither.received).toHaveLength(1);
    const expiryAlone = await callCarded({ zqExpiry: "12/29" });
    expect(expiryAlone.result).toMatchObject({ success: true });
  });

  it("is told to models in the tool's description", () => {
    expect(toolDescription(carded)).toContain("Give zqExpiry whenever zqCard is given (required with it).");
  });
});
