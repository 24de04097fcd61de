// The concept records (each in its folder, <concept>/record.ts; concept-records.ts lists them): each names schema
// fragments that exist, and surface entries no other record gives; and a concept added
// halfway does not compile — without its wording, with a tool field the tool
// definition lacks, with a tool field no link part fills, or with a tool
// field, a schema fragment or a manifest field no record claims. That a tool field has a runtime reader is the
// runtime's to say (runtime/tool-field-readers.ts and its test).
import { basename, dirname, join } from "node:path";
import { globSync } from "tinyglobby";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import type { ManifestField, SchemaFragment } from "../load/precompiled/manifest-types.js";
import type { ConceptRecord } from "./concept-record.js";
import {
  CONCEPTS,
  type FragmentsClaimed,
  SURFACE_ENTRIES,
  type ToolFieldsClaimed,
  type ToolFieldsLinked,
  type Unclaimed,
  type Unlinked,
} from "./concepts.js";

const ROOT = join(import.meta.dirname, "../..");
const records = Object.entries(CONCEPTS) as [string, ConceptRecord][];
/** A concept's name from its folder's (`auth-flows`: `authFlows`). */
const camel = (folder: string) => folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

describe("the concept records", () => {
  it("claim schema fragments that exist, each once", () => {
    const fragments = records.flatMap(([, r]) => r.schema);
    const files = globSync("src/link/**/*.schema.json", { cwd: ROOT, ignore: ["**/__fixtures__/**"] });
    for (const f of fragments)
      expect(
        files.filter((file) => basename(file) === `${f}.schema.json`),
        f,
      ).toHaveLength(1);
    expect(new Set(fragments).size).toBe(fragments.length);
  });

  it("are each in its concept's folder, and every folder's record is listed", () => {
    // A record written in its folder but not listed in concept-records.ts would be no concept at all: nothing compiles
    // against it.
    const folders = globSync("src/link/*/record.ts", { cwd: ROOT }).map((file) => basename(dirname(file)));
    const listed = records.map(([name]) => name);
    const unlisted = folders.filter((folder) => !listed.includes(camel(folder)));
    expect(unlisted, "a folder's record.ts missing from src/link/concept-records.ts").toEqual([]);
    expect(
      listed.filter((name) => !folders.map(camel).includes(name)),
      "a concept whose record is not in its folder (<concept>/record.ts)",
    ).toEqual([]);
  });

  it("give each surface entry once, and word each concept", () => {
    const names = records.flatMap(([, r]) => Object.keys(r.surface));
    expect(Object.keys(SURFACE_ENTRIES)).toEqual(names);
    for (const [concept, r] of records) expect(r.wording, concept).toMatch(/^\*\*.+\*\*/);
  });

  it("do not compile while a concept is added halfway", () => {
    const base = {
      wording: "**`zqtimeout`:** a per-operation deadline.",
      schema: [],
      tool: [],
      surface: {},
      link: null,
      contract: { kind: "request" },
      shelf: { none: "zq" },
    } satisfies ConceptRecord;
    // @ts-expect-error a record without its wording
    const unworded: ConceptRecord = {
      schema: [],
      tool: [],
      surface: {},
      link: null,
      contract: { kind: "request" },
      shelf: { none: "zq" },
    };
    // @ts-expect-error a record that names neither its contract case nor why none
    const uncased: ConceptRecord = {
      wording: base.wording,
      schema: [],
      tool: [],
      surface: {},
      link: null,
      shelf: { none: "zq" },
    };
    // @ts-expect-error a record that names neither its place in the shelf fixture nor why not
    const unshelved: ConceptRecord = {
      wording: base.wording,
      schema: [],
      tool: [],
      surface: {},
      link: null,
      contract: { none: "zq" },
    };
    // @ts-expect-error a shelf field the manifest does not have
    const unknownShelf: ConceptRecord = { ...base, shelf: { field: "operation.zqTimeoutMs" } };
    // @ts-expect-error a tool field the tool definition does not have (runtime/spec/tool-types.ts ToolSpec)
    const unknown: ConceptRecord = { ...base, tool: ["zqTimeoutMs"] };
    // A field added to the tool definition, a schema fragment and a manifest field that no record claims: each
    // unclaimed key is demanded by name.
    // @ts-expect-error Type 'true' is not assignable to type '{ left: "zqTimeoutMs"; fix: "claim it in its …" }'
    const field: Unclaimed<keyof ToolSpec | "zqTimeoutMs", ToolFieldsClaimed> = true;
    // A tool field no link part fills (its record's link is null, and linkOperation does not build it).
    // @ts-expect-error { left: "zqTimeoutMs"; fix: "linked by no one: …" }
    const unlinked: Unlinked<keyof ToolSpec | "zqTimeoutMs", ToolFieldsLinked> = true;
    // @ts-expect-error { left: "zqtimeout"; fix: … }
    const fragment: Unclaimed<SchemaFragment | "zqtimeout", FragmentsClaimed> = true;
    // @ts-expect-error { left: "operation.zqTimeoutMs"; fix: … }
    const manifestField: Unclaimed<ManifestField | "operation.zqTimeoutMs", ManifestField> = true;
    // With every key claimed, the same checks compile as true.
    const claimed: Unclaimed<keyof ToolSpec, ToolFieldsClaimed> = true;
    expect([unworded, uncased, unshelved, unknownShelf, unknown].map((o) => typeof o)).toEqual(Array(5).fill("object"));
    expect([field, unlinked, fragment, manifestField, claimed]).toEqual(Array(5).fill(true));
  });
});
