// An enum of hundreds of values (a list of fonts: 960) derived a case per value, so a suite's cases grew with the
// lists a document holds, not with its operations (a 2-operation draft: 1,116 cases, 961 of them one parameter's). Past
// ENUM_CASES_AT_MOST values, a parameter gets that many: its first and last, its least and greatest, and the rest
// drawn by a seed of the operation and the parameter, the same in every run; the case names say how many of how many.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../../import/__fixtures__/draft-kit.js";
import { draftedSubject } from "../__fixtures__/drafted-subject.js";
import { deriveCases } from "../derive.js";
import type { Subject } from "../types.js";
import { ENUM_CASES_AT_MOST, sampledEnum } from "./enum.js";

const fonts = Array.from({ length: 500 }, (_, i) => `Zz Font ${String(i).padStart(3, "0")}`);
// Numbers out of order: the least and the greatest are neither the first nor the last.
const sizes = Array.from({ length: 500 }, (_, i) => ((i * 37) % 500) + 10);
const ok = { "200": { description: "Drawn.", content: { "application/json": { schema: { type: "object" } } } } };
const parameters = [
  { name: "zq_font", in: "query", schema: { type: "string", enum: fonts } },
  { name: "zq_size", in: "query", schema: { type: "integer", enum: sizes } },
  { name: "zq_mode", in: "query", schema: { type: "string", enum: ["light", "dark"] } },
];
const document = openapi({
  "/zqcharts": { get: { operationId: "DrawZqChart", parameters, responses: ok } },
  "/zqcharts/preview": { get: { operationId: "PreviewZqChart", parameters, responses: ok } },
});

let root = "";
let subject: Subject;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "blockwright-zqcharts-"));
  subject = await draftedSubject(root, "zqcharts", document, ["DrawZqChart", "PreviewZqChart"]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const enumNames = (operation: string) =>
  deriveCases(subject)
    .filter((c) => c.kind === "enum" && c.operation === operation)
    .map((c) => c.name);

describe("an enum of hundreds of values", () => {
  it("gets ENUM_CASES_AT_MOST cases, first, last, least and greatest among them, the names saying so", () => {
    const names = enumNames("zqcharts_draw_zq_chart");
    const of = (param: string) => names.filter((n) => n.startsWith(`${param} = `));
    const note = ` (${ENUM_CASES_AT_MOST} of its 500 values, sampled)`;
    expect(of("zq_font")).toHaveLength(ENUM_CASES_AT_MOST);
    expect(of("zq_size")).toHaveLength(ENUM_CASES_AT_MOST);
    for (const name of [...of("zq_font"), ...of("zq_size")]) expect(name.endsWith(note)).toBe(true);
    expect(of("zq_font")).toContain(`zq_font = "Zz Font 000"${note}`);
    expect(of("zq_font")).toContain(`zq_font = "Zz Font 499"${note}`);
    for (const n of [sizes[0], sizes.at(-1), 10, 509]) expect(of("zq_size")).toContain(`zq_size = ${n}${note}`);
    // A short enum keeps a case per value, and every enum its case outside.
    expect(of("zq_mode")).toEqual(['zq_mode = "light"', 'zq_mode = "dark"']);
    expect(names.filter((n) => n.endsWith("outside its values"))).toHaveLength(3);
  });

  it("draws the same values in every derivation, and others for another operation", () => {
    expect(enumNames("zqcharts_draw_zq_chart")).toEqual(enumNames("zqcharts_draw_zq_chart"));
    const drawn = (operation: string) => enumNames(operation).map((n) => n.replace(/^.*? = /, ""));
    expect(drawn("zqcharts_preview_zq_chart")).not.toEqual(drawn("zqcharts_draw_zq_chart"));
  });

  it("keeps the enum's order and distinct values; an enum at the bound is whole", () => {
    const picked = sampledEnum(fonts, "zq\0font") as string[];
    expect(new Set(picked).size).toBe(ENUM_CASES_AT_MOST);
    expect(picked).toEqual([...picked].sort());
    const whole = fonts.slice(0, ENUM_CASES_AT_MOST);
    expect(sampledEnum(whole, "zq\0font")).toEqual(whole);
  });
});
