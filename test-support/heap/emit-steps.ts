// The steps of src/emit's heap tests (scavenge-held.test.ts, emit-allocation.test.ts), run in a thread of their own
// (fresh-heap.ts): what V8 keeps of what emit made through the scavenges after it, and what emit's walks and the
// parts' squeeze allocate, each with what it produced (so that a step that did nothing cannot pass).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { NestedLimits, ParamSpec } from "@blockwright/runtime/internal";
import Handlebars from "handlebars";
import { emitEntry } from "../../src/emit/emit.js";
import { surfaceParts } from "../../src/emit/emit-surface.js";
import { paramTsType } from "../../src/emit/emit-tool-types.js";
import type { Surface } from "../../src/model/surface-format.js";
import { renderParts, squeezedParts, wholeText } from "../../src/emit/file-text.js";
import { generate } from "../../src/emit/generate-all.js";
import { loadProvider } from "../../src/emit/link-provider.js";
import { OpenApiDocument } from "../../src/load/openapi-document.js";
import { copiedWhereMapped, documentTraits } from "../../src/emit/types/discriminated-copy.js";
import { walkedDocument } from "../documents/walked-document.js";
import { allocatedBy, heldThroughScavenges, liveObjects } from "./heap-measures.js";

export interface Measured {
  /** Bytes: held through the scavenges, or allocated. */
  bytes: number;
  /** What the step produced: UTF-16 units, characters, entries. */
  made: number;
}

/** About 120 KB of UTF-16 text (a euro sign in each part), in parts with runs of blank lines to squeeze. */
const euroParts = () => Array.from({ length: 600 }, (_, i) => `zq ${i} \u20ac ${"x".repeat(80)}\n\n\n`);

/** What squeezedParts holds through the scavenges beyond what making its parts alone holds. */
export function squeezeHeld(): Measured {
  let made = 0;
  const control = heldThroughScavenges(() => {
    for (const part of euroParts()) made += part.length;
  });
  const squeezed = heldThroughScavenges(() => {
    for (const part of squeezedParts(euroParts())) made += part.length;
  });
  return { bytes: squeezed - control, made };
}

/** What eight renders of a fixture provider's entry hold through the scavenges. */
export async function entryHeld(): Promise<Measured> {
  const fixtures = fileURLToPath(new URL("../fixtures/", import.meta.url));
  const ir = await loadProvider(fixtures, join(fixtures, "specs-more/zqchecks"));
  let made = 0;
  const bytes = heldThroughScavenges(() => {
    for (let i = 0; i < 8; i++) {
      const { js, dts } = emitEntry(ir, "export interface paths {}\nexport interface operations {}", "1.0.0");
      made += js.length + dts.length;
    }
  });
  return { bytes, made };
}

/** The least of three runs' bytes (the first compiles). */
function least(step: () => void): number {
  let bytes = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) bytes = Math.min(bytes, allocatedBy(step));
  return bytes;
}

/** What the document's traits allocate over a document of 120 operations (about 60 values each), no example mapped. */
export function traitsAllocated(): Measured {
  const document = walkedDocument(120);
  let made = 0;
  const bytes = least(() => {
    made = documentTraits(document).mapped.size;
  });
  return { bytes, made };
}

/**
 * What the types' copy of a document of 120 operations allocates where a discriminator maps one schema: a walk of every
 * value, one schema and the two objects holding it copied.
 */
export function mappedCopyAllocated(): Measured {
  const document = walkedDocument(120);
  const schemas = (document.components as { schemas: Record<string, unknown> }).schemas;
  const resolve = (_root: unknown, ref: string) => schemas[ref.slice("#/components/schemas/".length)];
  let made = 0;
  const bytes = least(() => {
    const copy = copiedWhereMapped(document, new Set(["#/components/schemas/ZqThing7"]), resolve);
    made = copy === document ? 0 : Object.keys((copy as { components: { schemas: object } }).components.schemas).length;
  });
  return { bytes, made };
}

/**
 * What the surface's text of 40 tools allocates, each with 5 parameters whose limits list 60 numbers and 20 texts (a
 * large document's surface: most of its lists hold no object).
 */
export function surfaceListsAllocated(): Measured {
  const params = (t: number) =>
    Object.fromEntries(
      Array.from({ length: 5 }, (_, p) => [
        `zqParam${p}`,
        {
          type: "string",
          enum: Array.from({ length: 60 }, (_, i) => t * 1000 + p * 100 + i),
          examples: Array.from({ length: 20 }, (_, i) => `zq${i}`),
          required: p === 0,
        },
      ]),
    );
  const tools = Object.fromEntries(Array.from({ length: 40 }, (_, t) => [`zq_tool${t}`, { id: t, params: params(t) }]));
  const surface = { "//": "zq", provider: "zq", tools } as unknown as Surface;
  let made = 0;
  const bytes = least(() => {
    made = 0;
    for (const part of surfaceParts(surface)) made += part.length;
  });
  return { bytes, made };
}

/**
 * What the index.d.ts types of 20 JSON bodies allocate, each an object nested 24 levels deep with four text fields
 * beside the next level's (a large document's request bodies: an object of objects of objects).
 */
export function nestedTypeAllocated(): Measured {
  const level = (depth: number): NestedLimits => ({
    type: "object",
    required: ["zqId"],
    fields: {
      zqId: { type: "string" },
      zqName: { type: "string" },
      zqNote: { type: "string", nullable: true },
      zqKind: { type: "string", enum: ["zqa", "zqb"] },
      ...(depth ? { zqNext: level(depth - 1) } : {}),
    },
  });
  const bodies = Array.from(
    { length: 20 },
    (_, i): ParamSpec => ({
      name: `zqBody${i}`,
      type: "json",
      title: "",
      description: "",
      required: true,
      secret: false,
      visibility: "user-or-llm",
      wire: { in: "body", pointer: "" },
      jsonType: "object",
      object: level(24),
    }),
  );
  let made = 0;
  const bytes = least(() => {
    made = 0;
    for (const body of bodies) made += paramTsType(body).length;
  });
  return { bytes, made };
}

/**
 * What squeezing 2,000 parts with blanks at both ends allocates beyond squeezing the same parts with none (what the
 * squeeze does for the blanks: their runs squeezed and the text between them cut out, not the parts' own cost).
 */
export function squeezeAllocated(): Measured {
  const text = (i: number) => `zq${i}: ${"x".repeat(60)},`;
  const blanked = Array.from({ length: 2000 }, (_, i) => `\n    ${text(i)}\n  `);
  const bare = Array.from({ length: 2000 }, (_, i) => text(i));
  let made = 0;
  const squeeze = (parts: string[]) => () => {
    for (const part of squeezedParts(parts)) made += part.length;
  };
  const bareBytes = least(squeeze(bare));
  made = 0;
  const bytes = least(squeeze(blanked)) - bareBytes;
  return { bytes, made };
}

/**
 * What squeezing 20,000 short parts of one line allocates (about 200 KB of text, joined into blocks): the squeeze's
 * own objects a part, beyond the text it hands on.
 */
export function squeezePartsAllocated(): Measured {
  const parts = Array.from({ length: 20_000 }, (_, i) => `zq${i}: x,`);
  let made = 0;
  const bytes = least(() => {
    made = 0;
    for (const part of squeezedParts(parts)) made += part.length;
  });
  return { bytes, made };
}

/** A template compiled by Handlebars, as the precompiled ones are, iterating `items` with eachPart. */
const itemsTemplate = () =>
  Handlebars.compile("{{#eachPart items}}{{{name}}}\n{{/eachPart}}", {
    noEscape: true,
    strict: true,
    knownHelpersOnly: true,
    knownHelpers: { eachPart: true },
  }) as unknown as Parameters<typeof renderParts>[0];

class ZqItem {
  constructor(readonly name: string) {}
}

/** How many of the items a render in parts was given are alive once its parts are all taken and the view let go. */
export function renderedItemsKept(): { kept: number; made: number } {
  const template = itemsTemplate();
  let made = 0;
  for (const part of renderParts(template, { items: Array.from({ length: 50 }, (_, i) => new ZqItem(`zq${i}`)) }))
    made += part.length;
  return { kept: liveObjects(ZqItem), made };
}

/**
 * How many OpenAPI documents generate holds as it begins the second provider of a project of two (the first one's, or
 * none), and how many providers it made.
 */
export async function documentsKept(root: string): Promise<{ kept: number; providers: number }> {
  let kept = -1;
  let providers = 0;
  await generate({
    root,
    outDir: join(root, "out"),
    onFile: (path, text) => {
      if (path.endsWith("/index.d.ts")) providers++;
      wholeText(text);
    },
    onProvider: (i) => {
      if (i === 1) kept = liveObjects(OpenApiDocument);
    },
  });
  return { kept, providers };
}
