// The draft kit's linkProblems, which hundreds of add's tests take as "generate accepts this draft": it must report
// what `blockwright generate` reports for the same folder, every problem, or a test passes on a draft generate refuses.
// Drafts broken on purpose (a parameter sent under a name the document lacks, BW2003; one typed against the document,
// BW2007) are held against the command's own --json problems.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  writtenDraft,
} from "./__fixtures__/draft-kit.js";
import type { ProviderDraft } from "./draft-provider.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const PROVIDER = "zzqwidgets";
const document = openapi({
  "/zzq-widgets": {
    get: {
      operationId: "listZzqWidgets",
      parameters: [
        { name: "zzqLimit", in: "query", schema: { type: "integer", minimum: 1, maximum: 50 } },
        { name: "zzqColor", in: "query", schema: { type: "string", maxLength: 20 } },
      ],
      responses: { "200": reply({ type: "object", properties: { count: { type: "integer" } } }, { count: 2 }) },
    },
  },
});

/** The draft with `find` in its manifest replaced (a `find` it lacks throws: the plant must take). */
function planted(d: ProviderDraft, find: RegExp, replace: string): ProviderDraft {
  if (!find.test(d.manifestText)) throw new Error(`the draft's manifest has no ${find}`);
  return { ...d, manifestText: d.manifestText.replace(find, replace) };
}

/** What `blockwright generate --json` gives for the draft as the kit writes it: its exit, each `file:line:col: …`. */
async function commandProblems(d: ProviderDraft): Promise<{ code: number; problems: string[] }> {
  const { root } = writtenDraft(d, PROVIDER);
  const r = await cli(["generate", "--json"], { cwd: root });
  const out = JSON.parse(r.stdout) as { problems: { file: string; line: number; col: number; message: string }[] };
  return { code: r.code, problems: out.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`) };
}

describe("the draft kit's linkProblems", () => {
  const d = drafted(document, ["listZzqWidgets"], PROVIDER);

  it("finds nothing in a draft the command generates", async () => {
    expect(await linkProblems(d, PROVIDER)).toEqual([]);
    expect(await commandProblems(d)).toEqual({ code: 0, problems: [] });
  });

  it("reports every problem the command reports in a draft it refuses (BW2003, BW2007)", async () => {
    const broken = planted(
      planted(d, /(zzqColor:[\s\S]*?wire: \{ in: query)/, "$1, name: zzqNowhere"),
      /(zzqLimit:\s*\n\s*type: )number/,
      "$1string",
    );
    const command = await commandProblems(broken);
    expect(command.code).toBe(2);
    expect(command.problems.join("\n")).toMatch(/query parameter "zzqNowhere" not found/);
    expect(command.problems.join("\n")).toMatch(/type string disagrees with query parameter "zzqLimit"/);
    expect(await linkProblems(broken, PROVIDER)).toEqual(command.problems);
    await expect(linkedTools(broken, PROVIDER)).rejects.toThrow(/zzqNowhere/);
  });
});
