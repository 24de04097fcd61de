import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../emit/link-provider.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import type { Subject } from "../contract/types.js";
import { loadYamlSource } from "../load/yaml-source.js";
import { planProbes } from "./probes.js";

const fixtures = fileURLToPath(new URL("../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const document = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const tools = shelf.operations.map((op) => op.tool);
const subject = (list: ToolSpec[] = tools): Subject => ({ provider: "shelf", tools: list, document });
const plan = (options: Partial<Parameters<typeof planProbes>[1]> = {}, list?: ToolSpec[]) =>
  planProbes(subject(list), { given: {}, allowWrites: new Set(), ...options });

describe("the calls verify plans", () => {
  it("are those of the operations that only read, each operation's first before any second", () => {
    const probes = plan({ given: { apiKey: "key-0123456789" } });
    const operations = probes.map((p) => p.tool.id);
    expect(new Set(operations)).toEqual(new Set(tools.filter((t) => t.method === "GET").map((t) => t.id)));
    const firsts = operations.slice(0, new Set(operations).size);
    expect(new Set(firsts).size).toBe(firsts.length);
    expect(probes.every((p) => !p.mayWrite)).toBe(true);
    expect(probes.every((p) => p.input.apiKey === "key-0123456789")).toBe(true);
  });

  it("make one call without the credential, after each operation's first, when the user gave the tool's own", () => {
    const probes = plan({ given: { apiKey: "key-0123456789" } });
    const firsts = new Set(probes.map((p) => p.tool.id)).size;
    expect(probes.filter((p) => p.withoutCredential).map((p) => probes.indexOf(p))).toEqual([firsts]);
    expect(probes[firsts]).toMatchObject({
      name: "without a credential",
      mayWrite: false,
      input: { apiKey: "key-0123456789" },
    });
    // Without the user's credential (none given, or an OAuth flow's parameters instead): none.
    expect(plan().some((p) => p.withoutCredential)).toBe(false);
  });

  it("try a value for each route, and leave the user's own values as given", () => {
    const getBook = tools.find((t) => t.routes.length)!;
    const names = plan({}, [getBook]).map((p) => p.name);
    expect(names[0]).toBe("minimal input");
    expect(names.some((n) => n.includes(`(route to ${getBook.routes[0]!.operationId})`))).toBe(true);
    const given = plan({ given: { bookId: "b-real-1" } }, [getBook]);
    expect(given.every((p) => p.input.bookId === "b-real-1")).toBe(true);
  });

  // `--param 'zqfrom="2025-01-02T03:04:05Z"'` went to a date-or-timestamp parameter with its quotes (verify read no
  // `--param` text as its parameter's forms say, a number's either): each operation reads it as `call` does now.
  it("read a text --param gave as each operation's parameter reads it, a --params value as it is", () => {
    const getBook = tools.find((t) => t.routes.length)!;
    const zqfrom = {
      name: "zqfrom",
      type: "json",
      required: false,
      secret: false,
      anyOf: [
        { type: "string", format: "date-time" },
        { type: "number", integer: true },
      ],
      wire: { in: "query", name: "zqfrom" },
    } as const;
    const tool = { ...getBook, params: [...getBook.params, zqfrom] } as ToolSpec;
    const given = { zqfrom: '"2025-01-02T03:04:05Z"', bookId: '"b-real-1"' };
    const read = plan({ given, texts: new Set(["zqfrom", "bookId"]) }, [tool]);
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((p) => p.input.zqfrom === "2025-01-02T03:04:05Z" && p.input.bookId === '"b-real-1"')).toBe(true);
    expect(plan({ given }, [tool]).every((p) => p.input.zqfrom === given.zqfrom)).toBe(true);
  });

  it("make an allowed write once, with its minimal input, and mark it as writing", () => {
    const write = tools.find((t) => t.method === "POST")!;
    expect(plan({}, [write])).toEqual([]);
    const allowed = plan({ allowWrites: new Set([write.id]) }, [write]);
    expect(allowed.map((p) => [p.name, p.mayWrite])).toEqual([["minimal input", true]]);
  });

  it(
    "call an operation the manifest declares read-only though its method writes, " + "as one that may send that method",
    () => {
      const write = tools.find((t) => t.method === "POST")!;
      const search = { ...write, behavior: { readOnly: true } } as ToolSpec;
      const probes = plan({}, [search]);
      expect(probes.length).toBeGreaterThan(0);
      expect(probes.every((p) => p.mayWrite)).toBe(true);
    },
  );

  it("never send the spec's stand-ins for credentials or the instance", () => {
    for (const p of plan()) {
      for (const param of p.tool.params)
        if (param.secret || param.wire.in === "auth")
          expect(p.input[param.name], `${p.tool.id} ${param.name}`).toBeUndefined();
    }
  });
});
