// The run's folder that runScratch() names (run-scratch.ts), made by each Vitest project's global set-up in Vitest's
// main process and removed by its teardown: one way for every project, so that no project's files fall back to the
// temporary folder itself (the packages project's did: a file whose tests `-t` all skipped left its folder there).
// A run stopped before its teardown (Ctrl-C) leaves its folders: the next run's set-up removes them (owned-folder.ts).
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import type { TestProject } from "vitest/node";
import { ownedFolder, sweepOrphanedFolders } from "./owned-folder.js";

/**
 * A fresh folder for this project's run, in its TMPDIR when it sets one (vitest.config.ts), given to its files; the
 * folders there of runs stopped before their teardown are removed first.
 */
export function openRunFolder(project: TestProject): string {
  const parent = project.config.env?.TMPDIR ?? tmpdir();
  sweepOrphanedFolders(parent);
  const folder = ownedFolder(parent, "blockwright-test-run-");
  project.provide("testScratch", folder);
  return folder;
}

/** Removes the folder openRunFolder made, and all the files put there. */
export function closeRunFolder(folder: string | undefined): void {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
