// The providers of a user's project, ready for the derived suite: the tools
// of the generated packages (what ships), checked against the IR linked from
// the specs (so a stale package is named, not tested), and the OpenAPI
// document the mocks are built from.
import { isDeepStrictEqual } from "node:util";
import { join, relative } from "node:path";
import { defined, fieldOf } from "@blockwright/runtime/internal";
import { checkpoint } from "../common/checkpoint.js";
import { GenerationErrors } from "../emit/generation-errors.js";
import { linkProvider } from "../emit/link-provider.js";
import { generatedProviders, loadRegistry } from "../registry/registry.js";
import type { LinkedSubject } from "../load/linked-subject.js";
import { INPUT_LIMITS, loadYamlSource } from "../load/yaml-source.js";
import type { ContractCase, ResultKind, Subject } from "./types.js";

/** The project cannot be tested as it is (invalid specs, missing or stale packages): exit status 2. */
export class SubjectError extends Error {}

export interface ProjectDirs {
  root: string;
  specs: string;
  out: string;
}

/**
 * `signal`: Ctrl-C or SIGTERM stops the linking between its steps (the signal's reason thrown), however large the
 * specs.
 */
export async function loadSubjects(dirs: ProjectDirs, providers: string[], signal?: AbortSignal): Promise<Subject[]> {
  const linked = [];
  const problems: string[] = [];
  for (const provider of providers) {
    await checkpoint(signal);
    try {
      linked.push(await linkProvider(dirs.root, join(dirs.specs, provider), undefined, signal));
    } catch (e) {
      if (!(e instanceof GenerationErrors)) throw e;
      problems.push(e.message);
    }
  }
  if (problems.length)
    throw new SubjectError(`the specs have problems (run blockwright generate for details):\n${problems.join("\n")}`);

  const out = relative(dirs.root, dirs.out) || ".";
  const generated = new Set(generatedProviders(dirs.out));
  const missing = providers.filter((p) => !generated.has(p));
  if (missing.length)
    throw new SubjectError(
      `no generated package for ${missing.join(", ")} in ${out} (run blockwright generate, or pass --out)`,
    );
  await checkpoint(signal);
  const registry = await loadRegistry(dirs.out, providers);

  return linked.map(({ ir, document }) => {
    const provider = defined(
      registry.providers.find((p) => p.id === ir.provider),
      `the generated package of ${ir.provider}`,
    );
    const stale = ir.operations
      .filter((op) => !isDeepStrictEqual(plain(provider.tools[op.tool.id]), plain(op.tool)))
      .map((op) => op.tool.id);
    const extra = Object.keys(provider.tools).filter((id) => !ir.operations.some((op) => op.tool.id === id));
    if (stale.length || extra.length) {
      throw new SubjectError(
        `${out}/${ir.provider} is out of date with its specs (${[...stale, ...extra].join(", ")}): run ` +
          `blockwright generate`,
      );
    }
    // The document as linked: bundled when the spec spans several files; the manifest read again (cheap) for the
    // reports' lines.
    const manifest = loadYamlSource(join(dirs.root, ir.sources.manifest), ir.sources.manifest, INPUT_LIMITS.manifest);
    return {
      provider: ir.provider,
      tools: ir.operations.map((op) => fieldOf(provider.tools, op.tool.id)),
      ...(ir.triggers?.length ? { triggers: ir.triggers } : {}),
      ...(ir.pollTriggers?.length ? { pollTriggers: ir.pollTriggers } : {}),
      document,
      manifest,
    };
  });
}

/** Through JSON: shared objects and key order do not matter, only the data. */
function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/**
 * The providers as linked here, for the mocks of `cases` (their documents and manifests not read again: a whole
 * published API's took minutes), each serving the tools the cases call (all of them: no cut). A contract run's worker
 * gives its part's; the command's own thread, running the suite there, the whole run's.
 */
export function linkedSubjects(
  subjects: Subject[],
  providers: string[],
  cases: readonly Pick<ContractCase<ResultKind>, "calls" | "operation">[],
): Record<string, LinkedSubject> {
  const called = new Set(cases.flatMap((c) => c.calls ?? [c.operation]));
  // A planning worker linked every provider of the run: its mocks are its part's.
  const mocked = new Set(providers);
  return Object.fromEntries(
    subjects.flatMap(({ provider, document, manifest, tools }) => {
      if (!manifest || !mocked.has(provider)) return [];
      const serves = tools.every((t) => called.has(t.id)) ? {} : { serves: called };
      return [[provider, { document, manifest: manifest.data, tools, ...serves }]];
    }),
  );
}
