/// <reference types="vite/client" />
// This repository's own providers, for tests: every generated package under
// generated/ (found by a glob, so a new provider needs no change here),
// imported through Vite so that they run on the runtime's sources.
import { fileURLToPath } from "node:url";
import type { Provider } from "@blockwright/runtime";
import { createRegistry, shapesIn } from "../scripts/registry.js";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const SPECS_DIR = fileURLToPath(new URL("../specs/", import.meta.url));
export const GENERATED_DIR = fileURLToPath(new URL("../generated/", import.meta.url));

const modules = import.meta.glob<{ provider: Provider }>("../generated/*/index.js", { eager: true });

/** Every generated provider of the repository, sorted by id. */
export const providers: Provider[] = Object.values(modules)
  .map((m) => m.provider)
  .sort((a, b) => a.id.localeCompare(b.id));

/** Tools and blocks of every provider, and an untyped `execute`. */
export const registry = createRegistry(
  providers,
  shapesIn(
    GENERATED_DIR,
    providers.map((p) => p.id),
  ),
);

/** Run any tool of the repository by operation id. */
export const executeTool = registry.execute;
export const tools = registry.tools;
export const blocks = registry.blocks;
