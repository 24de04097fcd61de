// The tools an agent command serves: those of the project's generated
// packages, of every provider or of the ones named.
import { relative } from "node:path";
import type { ToolSpec } from "@blockwright/runtime";
import { UsageError } from "../cli/io.js";
import type { LoadedRegistry } from "../registry.js";

export async function loadProjectTools(out: string, providers: string[], cwd: string): Promise<{ registry: LoadedRegistry; tools: ToolSpec[] }> {
  const { generatedProviders, loadRegistry } = await import("../registry.js");
  const available = generatedProviders(out);
  if (!available.length) throw new UsageError(`no generated provider packages in ${relative(cwd, out) || "."} (run blockwright generate, or pass --out)`);
  for (const p of providers) if (!available.includes(p)) throw new UsageError(`unknown provider ${JSON.stringify(p)} (providers: ${available.join(", ")})`);
  const registry = await loadRegistry(out, providers.length ? [...new Set(providers)] : undefined);
  return { registry, tools: registry.providers.flatMap((p) => Object.values(p.tools)) };
}
