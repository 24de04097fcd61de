// For tests: copy a fixture provider in the style found in the wild, apply
// text edits to its files, and link it: its IR, or every generation problem
// (the messages, `file:line:col` first).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GenerationErrors } from "../src/emit/generation-errors.js";
import { loadProvider } from "../src/emit/link-provider.js";
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

/**
 * A problem as a test asserts it: its code and where, `file:line:col` with the file relative to the provider's folder.
 */
export interface CodedProblem {
  code: string;
  at: string;
}

/** The problems of the provider linked after the edits, each `{code, at}` (none when it links). */
export async function wildCodes(provider: "zqpayments" | "tracker", edits: Edit[]): Promise<CodedProblem[]> {
  const linked = await linkWild(provider, edits, true);
  return "coded" in linked ? linked.coded : [];
}

/** The provider linked after the edits: its IR, or its problems. */
export async function linkWild(
  provider: "zqpayments" | "tracker",
  edits: Edit[],
): Promise<{ ir: ProviderIR } | { problems: string[] }>;
export async function linkWild(
  provider: "zqpayments" | "tracker",
  edits: Edit[],
  coded: true,
): Promise<{ ir: ProviderIR } | { problems: string[]; coded: CodedProblem[] }>;
export async function linkWild(
  provider: "zqpayments" | "tracker",
  edits: Edit[],
  coded = false,
): Promise<{ ir: ProviderIR } | { problems: string[]; coded?: CodedProblem[] }> {
  const root = mkdtempSync(join(tmpdir(), "blockwright-wild-"));
  const dir = join(root, "specs", provider);
  try {
    cpSync(join(wild, provider), dir, { recursive: true });
    for (const edit of edits) {
      const file = join(dir, edit.file ?? "manifest.yaml");
      const text = readFileSync(file, "utf8");
      if (!text.includes(edit.find))
        throw new Error(`${edit.file ?? "manifest.yaml"} has no ${JSON.stringify(edit.find)}`);
      writeFileSync(file, text.replace(edit.find, edit.replace));
    }
    return { ir: await loadProvider(root, dir) };
  } catch (e) {
    if (e instanceof GenerationErrors) {
      const problems = e.errors.map((x) => x.message);
      if (!coded) return { problems };
      return {
        problems,
        coded: e.errors.map((x) => ({
          code: x.code,
          at: `${relative(dir, resolve(root, x.position.file))}:${x.position.line}:${x.position.col}`,
        })),
      };
    }
    throw e;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
