// The runtime's readers of the tool definition (tool-field-readers.ts): each
// module that lists a field in its TOOL_FIELDS_READ reads it, each such module
// is gathered there, and a ToolSpec field no module reads does not compile.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ToolSpec } from "./spec/tool-types.js";
import { READ_BY_NO_MODULE, type UnreadToolFields } from "./tool-field-readers.js";

const RUNTIME = fileURLToPath(new URL(".", import.meta.url));
const DECLARATION = /^export const TOOL_FIELDS_READ = .*$/m;

/** Every hand-written module of the runtime, by its path under runtime/. */
function modules(dir = RUNTIME): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? e.name === "dist" || e.name === "node_modules"
        ? []
        : modules(join(dir, e.name))
      : e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")
        ? [relative(RUNTIME, join(dir, e.name))]
        : [],
  );
}

const readers: { path: string; text: string; fields: readonly (keyof ToolSpec)[] }[] = [];
for (const path of modules()) {
  const text = readFileSync(join(RUNTIME, path), "utf8");
  if (!DECLARATION.test(text)) continue;
  const { TOOL_FIELDS_READ } = (await import(`./${path.replace(/\.ts$/, ".js")}`)) as {
    TOOL_FIELDS_READ: readonly (keyof ToolSpec)[];
  };
  readers.push({ path, text: text.replace(DECLARATION, ""), fields: TOOL_FIELDS_READ });
}

describe("the runtime's readers of each tool field", () => {
  it("read each field they list", () => {
    const unread = readers.flatMap(({ path, text, fields }) =>
      // A property read (`tool.polling`, `t?.rules`) or a destructured one (`{ polling, … } = tool`).
      fields
        .filter((field) => !new RegExp(`[.?]${field}\\b|[{,]\\s*${field}\\s*[,}:]`).test(text))
        .map((field) => `runtime/${path} does not read ${field}`),
    );
    expect(unread).toEqual([]);
    expect(readers.flatMap((r) => r.fields).length).toBeGreaterThan(30);
  });

  it("are each gathered in tool-field-readers.ts, where an unread field does not compile", () => {
    const gathering = readFileSync(join(RUNTIME, "tool-field-readers.ts"), "utf8");
    expect(
      readers.filter(({ path }) => !gathering.includes(`from "./${path.replace(/\.ts$/, ".js")}"`)).map((r) => r.path),
    ).toEqual([]);
    for (const [field, reason] of Object.entries(READ_BY_NO_MODULE)) expect(reason.length, field).toBeGreaterThan(20);
  });

  it("leave no ToolSpec field unread: a field added without a reader is a type error naming it", () => {
    // @ts-expect-error Property 'zqTimeoutMs' is missing
    const added: UnreadToolFields<keyof ToolSpec | "zqTimeoutMs"> = {};
    expect(added).toEqual({});
  });
});
