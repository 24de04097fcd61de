// The npm consumer the packages project's files share: a fresh project that
// the global set-up (global-setup.ts) installs provider packages into once for
// the run, from the registry as `blockwright publish` left them: one provider
// alone first (what installing one costs, which issue 8 bounds, is measured
// then), the others after. registry-round-trip.test.ts reads it where it is;
// client-consumer.test.ts copies it (it writes its projects and their builds
// beside the packages). Each file installed the same packages from the same
// registry with the same npm into a fresh project of its own: three npm
// processes, where this is two.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { diskUsageBytes, installedPackages } from "./disk-usage.js";
import { type Finished, run } from "./processes.js";

/** The provider installed alone first, then the others (what the files import). */
export const NPM_CONSUMER_PROVIDERS = ["books", "directory", "docgen"] as const;

export interface NpmConsumer {
  /** The project's folder: package.json, package-lock.json and node_modules, as npm left them. */
  dir: string;
  /** What node_modules held after the first provider's install, alone. */
  firstInstall: { provider: string; packages: string[]; bytes: number };
  /** The npm installs, in order; they stop at the first that failed. */
  installs: Finished[];
}

/** What npm wrote of the consumer: what a copy takes (a file's own scripts beside them are left). */
const NPM_WROTE = ["package.json", "package-lock.json", "node_modules"];

/** `@blockwright/<provider>@<version>`, at the version this repository's generated/ holds (the one published). */
function spec(root: string, provider: string): string {
  const { version } = JSON.parse(readFileSync(join(root, "generated", provider, "package.json"), "utf8")) as {
    version: string;
  };
  return `@blockwright/${provider}@${version}`;
}

/**
 * The consumer, in `dir` (made here), installed with npm under `env` (its configuration); an install's failure is
 * returned, for the files to report (`readyNpmConsumer`).
 */
export async function installNpmConsumer(root: string, dir: string, env: Record<string, string>): Promise<NpmConsumer> {
  mkdirSync(dir);
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }, null, 2),
  );
  const [first, ...others] = NPM_CONSUMER_PROVIDERS.map((p) => spec(root, p));
  const install = (specs: string[]) => run("npm", ["install", "--ignore-scripts", ...specs], dir, env);
  const installs = [await install([first!])];
  const firstInstall = {
    provider: NPM_CONSUMER_PROVIDERS[0],
    packages: installedPackages(join(dir, "node_modules")),
    bytes: diskUsageBytes(join(dir, "node_modules")),
  };
  if (installs[0]!.code === 0) installs.push(await install(others));
  return { dir, firstInstall, installs };
}

/** The consumer's folder, once every install succeeded; else an error with npm's output. */
export function readyNpmConsumer(consumer: NpmConsumer): string {
  for (const i of consumer.installs)
    if (i.code !== 0)
      throw new Error(`the packages project's npm consumer did not install (exit ${i.code})\n${i.stdout}\n${i.stderr}`);
  return consumer.dir;
}

/** A copy of the consumer's install into `dest` (made here): what npm wrote, byte for byte. */
export function copyNpmConsumer(consumer: NpmConsumer, dest: string): void {
  const from = readyNpmConsumer(consumer);
  mkdirSync(dest);
  for (const name of NPM_WROTE) cpSync(join(from, name), join(dest, name), { recursive: true });
}
