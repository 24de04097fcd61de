// Golden test of hostile inputs: a manifest and an OpenAPI document with
// text in every free-text field that would end a comment or a string and
// run when the package is imported, break a line, or carry HTML and a
// `javascript:` link (the fixture's tokens, filled in here). The output is
// compared byte for byte with golden-hostile/; written beside the project's
// node_modules, it passes `node --check`, imports without running any of the
// text, keeps every text exactly, and type-checks; its READMEs, rendered as
// GitHub renders Markdown, hold none of the text's HTML or links.
// "Every free-text field" of a manifest is read from specs/manifest.schema.json,
// so a field added there fails this test until the fixture fills it.
// Refresh the golden files with UPDATE_GOLDEN=1 npx vitest run hostile.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import jsYaml from "js-yaml";
import { marked } from "marked";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "./generate-all.js";
import { importInChild, typeErrors, writeInstalled } from "../../test-support/installed-package.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const fixture = join(root, "test-support/fixtures/specs-hostile/hostile");
const goldenDir = join(here, "__fixtures__/golden-hostile");

/** What every form of the hostile text holds (a regular expression and a JSON pointer hold it escaped). */
const MARKER = "pwned";
/**
 * Text that runs if it ends a comment (`/** … *\/` or `//`) or breaks a line, and markup a Markdown renderer would act
 * on.
 */
const PAYLOAD = [
  "*/ globalThis.pwned = 1; /*",
  "\r\n globalThis.pwned = 2; //",
  "\u2028 globalThis.pwned = 3; \u2029 globalThis.pwned = 4;",
  "--> <!-- <script>alert(1)</script> <img src=x onerror=alert(1)>",
  "[x](javascript:alert(1)) <javascript:alert(1)> [y]: javascript:alert(1)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder in plain text is part of the payload
  "@type {number} ${globalThis.pwned = 5} ` ' \" \\ |",
  // A terminal's escape sequences (clear the screen, set its title), and overrides of text direction (Trojan Source).
  "\u001b[2J\u001b]0;pwned\u0007 \u009b31m \u202e }; globalThis.pwned = 9; { \u2066 \u200f",
].join(" ");
const ONE_LINE = PAYLOAD.replace(/[\r\n\u2028\u2029]/g, " ");
const TOKENS: Record<string, string> = {
  P: PAYLOAD,
  K: ONE_LINE,
  J: ONE_LINE.replace(/~/g, "~0").replace(/\//g, "~1"),
  R: `^(?:[a-z0-9-]+|${PAYLOAD.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})$`,
  // A file name: the header of every generated file names it.
  OPENAPI: "api */ globalThis.pwned = 6; /*\n-->.yaml",
};

/** A fixture text with its tokens filled in (inside YAML double quotes: JSON's escapes are YAML's). */
const filled = (text: string) =>
  text.replace(/⟨(\w+)⟩/g, (_, name: string) =>
    JSON.stringify(TOKENS[name])
      .slice(1, -1)
      .replace(/\u2028/g, "\\u2028")
      .replace(/\u2029/g, "\\u2029"),
  );

const work = mkdtempSync(join(runScratch(), "blockwright-hostile-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const specs = join(work, "specs");
const manifestText = filled(readFileSync(join(fixture, "manifest.yaml"), "utf8"));
mkdirSync(join(specs, "hostile"), { recursive: true });
writeFileSync(join(specs, "hostile", "manifest.yaml"), manifestText);
mkdirSync(dirname(join(specs, "hostile", TOKENS.OPENAPI!)), { recursive: true });
writeFileSync(join(specs, "hostile", TOKENS.OPENAPI!), filled(readFileSync(join(fixture, "openapi.yaml"), "utf8")));

describe("generated code from hostile inputs", async () => {
  const { files, irs } = await generate({ root: work, specsDir: specs, outDir: goldenDir });
  const [ir] = irs;
  // The output as generated now, where it resolves @blockwright/runtime as an installed package does.
  const out = writeInstalled(files, work).dir;

  if (process.env.UPDATE_GOLDEN) {
    for (const [path, content] of files) {
      mkdirSync(dirname(join(goldenDir, path)), { recursive: true });
      writeFileSync(join(goldenDir, path), content);
    }
  }

  it("is the golden output, file for file", () => {
    const golden = readdirSync(goldenDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) =>
        join(d.parentPath, d.name)
          .slice(goldenDir.length + 1)
          .split("\\")
          .join("/"),
      )
      .sort();
    expect([...files.keys()]).toEqual(golden);
    for (const [path, content] of files) expect(content, path).toBe(readFileSync(join(goldenDir, path), "utf8"));
  });

  it("has the hostile text in every free-text field of the manifest schema", () => {
    const data = jsYaml.load(manifestText);
    const hostile = (value: unknown) => JSON.stringify(value).includes(MARKER);
    const missing = textFields().filter((field) => !field.paths.some((path) => valuesAt(data, path).some(hostile)));
    expect(missing.map((f) => `${f.pointer} (${f.paths.map((p) => p.join(".")).join(", ")})`)).toEqual([]);
  });

  it("writes no raw line break inside a line of code: no CR, U+2028 or U+2029 in index.js or index.d.ts", () => {
    for (const path of ["hostile/index.js", "hostile/index.d.ts"])
      expect(files.get(path), path).not.toMatch(/[\r\u2028\u2029]/);
  });

  it("writes no raw control character or mark of text direction in any file: each is its escape", () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
    const invisible = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const raw = [...files].filter(([, content]) => invisible.test(content)).map(([path]) => path);
    expect(raw).toEqual([]);
    expect(files.get("hostile/README.md")).toContain("\\\\u001b\\[2J");
  });

  it("passes node --check", () => {
    expect(() =>
      execFileSync(process.execPath, ["--check", join(out, "hostile/index.js")], { stdio: "pipe" }),
    ).not.toThrow();
  });

  it("imports without running any of the text, and keeps every text exactly as written", () => {
    const imported = importInChild(
      join(out, "hostile/index.js"),
      "{ pwned: globalThis.pwned ?? null, tools: Object.values(m.tools), block: m.block }",
    ) as { pwned: unknown; tools: unknown[]; block: unknown };
    expect(imported.pwned).toBeNull();
    expect(imported.tools).toEqual(ir!.operations.map((op) => JSON.parse(JSON.stringify(op.tool))));
    expect(imported.block).toEqual(JSON.parse(JSON.stringify(ir!.block)));
    expect(JSON.stringify(imported.block)).toContain(JSON.stringify(PAYLOAD).slice(1, -1));
  });

  for (const path of ["hostile/README.md", "README.md"]) {
    it(`renders ${path} with the text as text: no HTML, image or link of its own`, () => {
      const html = marked.parse(files.get(path)!, { gfm: true, async: false }) as string;
      // The one comment is the header, closed where it ends.
      expect(html.match(/<!--[\s\S]*?-->/g)).toEqual([files.get(path)!.split("\n")[0]]);
      const body = html.replace(/<!--[\s\S]*?-->/, "");
      const tags = new Set([...body.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((m) => m[1]));
      expect(
        [...tags].filter(
          (t) =>
            ![
              "h1",
              "h2",
              "h3",
              "h4",
              "p",
              "pre",
              "code",
              "table",
              "thead",
              "tbody",
              "tr",
              "th",
              "td",
              "ul",
              "li",
              "a",
              "strong",
              "em",
            ].includes(t!),
        ),
      ).toEqual([]);
      // Links: the README's own, to an operation's section or a package's README, and the upstream docs' https address.
      const links = [...body.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]);
      for (const link of links)
        expect(link).toMatch(/^<a href="(#hostile_[a-z_]+|hostile\/README\.md|https:\/\/docs\.hostile\.test\/)">$/);
      // The text is all there, shown as written; a bar in a table cell stays in its cell.
      expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(body).toContain("[x](javascript:alert(1))");
      if (path === "hostile/README.md")
        expect(body).toContain(
          "<td><code>X-Hostile|Key: */ globalThis.pwned = 7; /* &lt;img src=x onerror=alert(1)&gt; " +
            "`&#39;&quot; |&lt;key&gt;</code> header from <code>apiKey</code>; " +
            "or <code>Authorization: Basic</code> header " +
            "(<code>basicKey</code> as the user name, the password <code>*/ globalThis.pwned = 8; /* " +
            "&lt;img src=x onerror=alert(1)&gt; `&#39;&quot; |</code>)",
        );
    });
  }

  it("type-checks, the JavaScript against its JSDoc types too", () => {
    expect(typeErrors([join(out, "hostile/index.js"), join(out, "hostile/index.d.ts")])).toEqual([]);
  });
});

// ---- the manifest schema's free-text fields ------------------------------------

type Schema = Record<string, unknown>;
/**
 * A field of the schema (where it is defined), and the paths of manifest data that reach it: property names, `*` for
 * any key, `[]` for any item.
 */
interface TextField {
  pointer: string;
  paths: string[][];
}

/**
 * Every field of a manifest that can hold free text: a string (or a value of
 * any type) with no enum or const, whose pattern (if it has one) still
 * accepts its own example with the hostile text added. A definition used in
 * several places (a parameter, shared or an operation's) is one field.
 */
function textFields(): TextField[] {
  const schema = JSON.parse(readFileSync(join(root, "specs/manifest.schema.json"), "utf8")) as Schema;
  const resolve = (s: unknown, pointer: string): [Schema, string] | undefined => {
    while (s && typeof s === "object" && typeof (s as Schema).$ref === "string") {
      pointer = (s as Schema).$ref as string;
      s = pointer
        .slice(2)
        .split("/")
        .reduce<unknown>((o, k) => (o as Schema)[k], schema);
    }
    return s && typeof s === "object" ? [s as Schema, pointer] : undefined;
  };
  const fields = new Map<string, TextField>();
  const walk = (raw: unknown, at: string, path: string[], seen: Set<Schema>) => {
    const resolved = resolve(raw, at);
    if (!resolved || seen.has(resolved[0])) return;
    const [s, pointer] = resolved;
    const inside = new Set(seen).add(s);
    // A branch that only constrains (`required`, `minProperties`) describes no value of its own.
    const describesValue = (branch: unknown) =>
      !!branch && typeof branch === "object" && Object.keys(branch).some((k) => !CONSTRAINT_ONLY.has(k));
    for (const key of ["oneOf", "anyOf", "allOf"])
      for (const [i, branch] of ((s[key] as unknown[] | undefined) ?? []).entries())
        if (describesValue(branch)) walk(branch, `${pointer}/${key}/${i}`, path, inside);
    const types = s.type === undefined ? undefined : ([] as unknown[]).concat(s.type);
    const structured =
      s.properties || s.additionalProperties || s.items || types?.every((t) => t === "object" || t === "array");
    if (
      !structured &&
      s.enum === undefined &&
      s.const === undefined &&
      (types === undefined || types.includes("string")) &&
      acceptsHostileText(s)
    ) {
      const field = fields.get(pointer) ?? { pointer, paths: [] };
      field.paths.push(path);
      fields.set(pointer, field);
    }
    for (const [key, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
      walk(child, `${pointer}/properties/${key}`, [...path, key], inside);
    if (s.additionalProperties && typeof s.additionalProperties === "object")
      walk(s.additionalProperties, `${pointer}/additionalProperties`, [...path, "*"], inside);
    for (const [key, child] of Object.entries((s.patternProperties as Record<string, unknown>) ?? {}))
      walk(child, `${pointer}/patternProperties/${key}`, [...path, "*"], inside);
    if (s.items && typeof s.items === "object") walk(s.items, `${pointer}/items`, [...path, "[]"], inside);
    else if (types?.includes("array")) walk({}, `${pointer}/items`, [...path, "[]"], inside);
  };
  walk(schema, "#", [], new Set());
  return [...fields.values()];
}

/** Keywords that constrain the object they sit beside without describing a value. */
const CONSTRAINT_ONLY = new Set([
  "required",
  "minProperties",
  "maxProperties",
  "not",
  "errorHint",
  "description",
  "title",
]);

function acceptsHostileText(s: Schema): boolean {
  if (typeof s.pattern !== "string") return true;
  const example = Array.isArray(s.examples) && typeof s.examples[0] === "string" ? s.examples[0] : "";
  return new RegExp(s.pattern, "u").test(example + ONE_LINE);
}

/** The values at a path of the data (every key for `*`, every item for `[]`). */
function valuesAt(data: unknown, path: string[]): unknown[] {
  if (!path.length) return [data];
  if (data === null || typeof data !== "object") return [];
  const [head, ...rest] = path;
  const children =
    head === "[]"
      ? Array.isArray(data)
        ? data
        : []
      : head === "*"
        ? Object.values(data)
        : Object.hasOwn(data, head!)
          ? [(data as Record<string, unknown>)[head!]]
          : [];
  return children.flatMap((c) => valuesAt(c, rest));
}
