// For tests: copy a fixture provider in the style found in the wild, apply
// text edits to its files, and link it: its IR, or every generation problem
// (the messages, `file:line:col` first).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GenerationErrors, loadProvider } from "../src/emit/generate-all.js";
import type { ProviderIR } from "../src/model/ir.js";

const wild = fileURLToPath(new URL("./fixtures/specs-wild/", import.meta.url));

export interface Edit {
  /** A file of the provider's folder; default manifest.yaml. */
  file?: string;
  find: string;
  replace: string;
}

export async function wildProblems(provider: "zqpayments" | "tracker", edits: Edit[]): Promise<string[]> {
  const linked = await linkWild(provider, edits);
  return "problems" in linked ? linked.problems : [];
}

/** The provider linked after the edits: its IR, or its problems. */
export async function linkWild(provider: "zqpayments" | "tracker", edits: Edit[]): Promise<{ ir: ProviderIR } | { problems: string[] }> {
  const root = mkdtempSync(join(tmpdir(), "blockwright-wild-"));
  const dir = join(root, "specs", provider);
  try {
    cpSync(join(wild, provider), dir, { recursive: true });
    for (const edit of edits) {
      const file = join(dir, edit.file ?? "manifest.yaml");
      const text = readFileSync(file, "utf8");
      if (!text.includes(edit.find)) throw new Error(`${edit.file ?? "manifest.yaml"} has no ${JSON.stringify(edit.find)}`);
      writeFileSync(file, text.replace(edit.find, edit.replace));
    }
    return { ir: await loadProvider(root, dir) };
  } catch (e) {
    if (e instanceof GenerationErrors) return { problems: e.errors.map((x) => x.message) };
    throw e;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
