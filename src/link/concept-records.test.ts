// The concept records (concept-records.ts): each names runtime modules that
// read its tool fields, schema fragments that exist, and surface entries no
// other record gives; and a concept added halfway does not compile — without
// its wording, with a tool field nothing reads, or with a tool field, a
// schema fragment or a manifest field no record claims.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import type { ManifestField, SchemaFragment } from "../load/precompiled/manifest-types.js";
import type { ConceptRecord, FieldReaders } from "./concept-record.js";
import { CONCEPTS, type FragmentsClaimed, SURFACE_ENTRIES, type ToolFieldsClaimed, type Unclaimed } from "./concepts.js";

const ROOT = join(import.meta.dirname, "../..");
const records = Object.entries(CONCEPTS) as [string, ConceptRecord][];

describe("the concept records", () => {
  it("name, for each tool field, runtime modules that read it (or say why none does)", () => {
    let named = 0;
    const unread: string[] = [];
    for (const [concept, record] of records) {
      for (const [field, readers] of Object.entries(record.tool) as [keyof ToolSpec, FieldReaders][]) {
        if ("none" in readers) {
          expect(readers.none.length, `${concept}.${field}`).toBeGreaterThan(20);
          continue;
        }
        for (const path of readers) {
          const text = readFileSync(join(ROOT, path), "utf8");
          // A property read (`tool.polling`, `t?.rules`) or a destructured one (`{ polling, … } = tool`).
          if (!new RegExp(`[.?]${field}\\b|[{,]\\s*${field}\\s*[,}:]`).test(text)) unread.push(`${concept}: ${path} does not read ${field}`);
          named++;
        }
      }
    }
    expect(unread).toEqual([]);
    expect(named).toBeGreaterThan(30);
  });

  it("claim schema fragments that exist, each once", () => {
    const fragments = records.flatMap(([, r]) => r.schema);
    for (const f of fragments) expect(existsSync(join(ROOT, "src/link", `${f}.schema.json`)), f).toBe(true);
    expect(new Set(fragments).size).toBe(fragments.length);
  });

  it("give each surface entry once, and word each concept", () => {
    const names = records.flatMap(([, r]) => Object.keys(r.surface));
    expect(Object.keys(SURFACE_ENTRIES)).toEqual(names);
    for (const [concept, r] of records) expect(r.wording, concept).toMatch(/^\*\*.+\*\*/);
  });

  it("do not compile while a concept is added halfway", () => {
    const base = { wording: "**`zqtimeout`:** a per-operation deadline.", schema: [], tool: {}, surface: {}, link: null } satisfies ConceptRecord;
    // @ts-expect-error a record without its wording
    const unworded: ConceptRecord = { schema: [], tool: {}, surface: {}, link: null };
    // @ts-expect-error a tool field with no runtime module reading it (and no reason why)
    const unread: ConceptRecord = { ...base, tool: { deprecated: [] } };
    // @ts-expect-error a runtime reader outside the runtime
    const elsewhere: ConceptRecord = { ...base, tool: { deprecated: ["src/link/deprecated.ts"] } };
    // A field added to the tool definition, a schema fragment and a manifest field that no record claims: each unclaimed key is demanded by name.
    // @ts-expect-error Property 'zqTimeoutMs' is missing
    const field: Unclaimed<keyof ToolSpec | "zqTimeoutMs", ToolFieldsClaimed> = {};
    // @ts-expect-error Property 'zqtimeout' is missing
    const fragment: Unclaimed<SchemaFragment | "zqtimeout", FragmentsClaimed> = {};
    // @ts-expect-error Property 'operation.zqTimeoutMs' is missing
    const manifestField: Unclaimed<ManifestField | "operation.zqTimeoutMs", ManifestField> = {};
    // With every key claimed, the same objects compile empty.
    const claimed: Unclaimed<keyof ToolSpec, ToolFieldsClaimed> = {};
    expect([unworded, unread, elsewhere, field, fragment, manifestField, claimed].map((o) => typeof o)).toEqual(Array(7).fill("object"));
  });
});
