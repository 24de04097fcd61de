// A pattern written with an inline case-insensitive flag (`(?i)^zq-[a-f0-9]{4}$`, Go's and Python's way; a group
// `(?i:…)`, ECMAScript 2025's modifiers, which Node 20 and 22 refuse), which JSON Schema's dialect does not take. The
// draft left it out with a note, so the parameter took any value. It is read as the same rule in plain ECMAScript
// (common/case-insensitive-pattern.ts, through load-rewrites.ts' readPattern): the draft states it so with a note, it
// links, the runtime's check and the request judge agree with the i flag on a value, and every derived case (drawn
// by the sampler from the pattern) passes on the mock. Another inline flag (`(?m)`) keeps the note it had.
import { checkValue } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RegExpParser } from "@eslint-community/regexpp";
import { linkProvider } from "../../emit/link-provider.js";
import { requestJudge } from "../../judge/judge.js";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const doc = openapi({
  "/zqlamps": {
    get: {
      operationId: "listZqlamps",
      parameters: [
        { name: "code", in: "query", required: true, schema: { type: "string", pattern: "(?i)^zq-[a-f0-9]{4}$" } },
        { name: "room", in: "query", schema: { type: "string", pattern: "^r(?i:oom)-[0-9]+$" } },
        { name: "line", in: "query", schema: { type: "string", pattern: "(?m)^zq$" } },
      ],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) },
    },
  },
});
const at = "operations.acme_list_zqlamps.params";

describe("a pattern with an inline case-insensitive flag", () => {
  const d = drafted(doc, ["listZqlamps"]);
  const params = d.manifest.operations.acme_list_zqlamps?.params ?? {};

  it("is drafted as plain ECMAScript (no modifiers) with a note; another inline flag is left out as before", () => {
    for (const name of ["code", "room"]) {
      const pattern = params[name]?.pattern as string;
      expect(pattern, name).toBeDefined();
      expect(() =>
        new RegExpParser({ ecmaVersion: 2024 }).parsePattern(pattern, 0, pattern.length, { unicode: true }),
      ).not.toThrow();
      expect(notesAt(d, `${at}.${name}`).join("\n")).toContain("is written with an inline case-insensitive flag");
    }
    expect(params.line?.pattern).toBeUndefined();
    expect(notesAt(d, "openapi").join("\n")).toContain('(pattern "(?m)^zq$"): no ECMAScript regular expression');
  });

  it("links, and the runtime's check and the request judge read it as the i flag does", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const project = join(draftWorkFolder, "inline-case-pattern");
    const dir = join(project, "specs", "acme");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
    writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
    const linked = await linkProvider(project, dir);
    const tool = linked.ir.operations[0]!.tool;
    const judge = requestJudge(linked.document, { credential: "present" });
    const cases: [string, string, RegExp][] = [
      ["code", "ZQ-aB12", /^zq-[a-f0-9]{4}$/iu],
      ["code", "zq-ab1g", /^zq-[a-f0-9]{4}$/iu],
      ["code", "\u017Fq-0000", /^zq-[a-f0-9]{4}$/iu],
      ["room", "rOOM-7", /^r(?:[oO][oO][mM])-[0-9]+$/u],
      ["room", "Room-7", /^r(?:[oO][oO][mM])-[0-9]+$/u],
    ];
    for (const [name, value, rule] of cases) {
      const param = tool.params.find((p) => p.name === name)!;
      const meets = rule.test(value);
      expect("value" in checkValue(param, value), value).toBe(meets);
      const query = new URLSearchParams({ code: name === "code" ? value : "zq-0000", [name]: value });
      const refusals = judge({ method: "GET", url: `https://zq.test/zqlamps?${query}`, headers: new Headers() })
        .refusals.map((r) => r.rule)
        .filter((r) => r !== "security");
      expect(refusals, value).toEqual(meets ? [] : ["schema"]);
    }
  });

  it("every derived case passes on the mock and its judge", async () => {
    const { ids, failed } = await failedCases(d, "acme");
    expect(ids.length).toBeGreaterThan(2);
    expect(failed).toEqual([]);
  });
});
