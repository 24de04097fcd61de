// A parameter the document requires but gives a default: the runtime sends the default where a call leaves it out,
// so the typed client's `Params` make it optional and the README does not call it required; one without a default
// stays required in both (model/param-keys.ts callerMustGive, the one reading of what a call must give).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, writtenDraft } from "../import/__fixtures__/draft-kit.js";
import { defaultedParamDocument as document } from "../import/__fixtures__/defaulted-param-document.js";
import { generate } from "./generate-all.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const PROVIDER = "quillfeather";

describe("a required parameter with a default", () => {
  it("is optional in the typed client and not required in the README; one without a default is both", async () => {
    const { root } = writtenDraft(drafted(document, ["listZzqNotes"], PROVIDER), PROVIDER);
    const { files } = await generate({ root, outDir: join(root, "generated") });
    const dts = files.get(`${PROVIDER}/index.d.ts`) ?? "";
    const params = /export interface QuillfeatherListZzqNotesParams[^{]*\{([^}]*)\}/.exec(dts)?.[1] ?? "";
    expect(params).toMatch(/\bzzqOrder\?: "asc" \| "desc";/);
    expect(params).toMatch(/\bzzqFolder: string;/);
    const readme = files.get(`${PROVIDER}/README.md`) ?? "";
    const row = (name: string) => readme.split("\n").find((l) => l.startsWith(`| \`${name}\``)) ?? "";
    expect(row("zzqOrder")).toMatch(/\| no \|/);
    expect(row("zzqFolder")).toMatch(/\| yes \|/);
  });
});
