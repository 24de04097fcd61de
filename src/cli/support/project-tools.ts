// The tools an agent command serves: those of the project's generated
// packages, of every provider or of the ones named.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { generatedPackages } from "./args.js";
import { UsageError } from "./io.js";
import type { LoadedRegistry } from "../../registry/registry.js";

export async function loadProjectTools(
  out: string,
  providers: string[],
  cwd: string,
): Promise<{ registry: LoadedRegistry; tools: ToolSpec[] }> {
  const available = await generatedPackages(out, cwd);
  const { loadRegistry } = await import("../../registry/registry.js");
  for (const p of providers)
    if (!available.includes(p))
      throw new UsageError("BW3005", `unknown provider ${JSON.stringify(p)} (providers: ${available.join(", ")})`);
  const registry = await loadRegistry(out, providers.length ? [...new Set(providers)] : undefined);
  return { registry, tools: registry.providers.flatMap((p) => Object.values(p.tools)) };
}
