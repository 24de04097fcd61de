// The vendors' SDKs are a package of their own (contract-tests/sdk-judge/
// package.json, with its lock), installed on demand by `npm run corpus --
// --sdk` and not by the project's npm ci: together they hold more files than
// the rest of node_modules, and only this comparison needs them (the one SDK
// npm test runs is the project's own dev dependency). Installed again when the
// lock is newer than the install.
import { spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

/** Why the SDKs of `folder` need installing, or undefined when the install is current. */
export function sdkInstallNeeded(folder: string): string | undefined {
  const lock = join(folder, "package-lock.json");
  const installed = join(folder, "node_modules", ".package-lock.json");
  if (!existsSync(lock)) return undefined;
  if (!existsSync(installed)) return "not installed";
  return statSync(lock).mtimeMs > statSync(installed).mtimeMs ? "its lock changed since the install" : undefined;
}

/** `npm ci` in `folder` when needed (no install scripts run: none of these SDKs has one); its exit status. */
export async function installSdks(folder: string, say: (line: string) => void, signal: AbortSignal): Promise<number> {
  const why = sdkInstallNeeded(folder);
  if (!why) return 0;
  say(`the vendors' SDKs (${folder}/package.json): ${why}; npm ci there…`);
  const child = spawn("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund"], {
    cwd: folder,
    stdio: ["ignore", "inherit", "inherit"],
    signal,
  });
  return new Promise((resolve) => {
    child.on("error", (e) => {
      say(`npm ci in ${folder}: ${signal.aborted ? "stopped" : e.message}`);
      resolve(signal.aborted ? 130 : 1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}
