// What a consumer's install costs: packages in node_modules and their disk use.
import { existsSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Every installed package under `nodeModules`, nested node_modules included, as `name` paths. */
export function installedPackages(nodeModules: string): string[] {
  const found: string[] = [];
  const visit = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || !entry.isDirectory()) continue;
      const path = join(dir, entry.name);
      if (entry.name.startsWith("@")) {
        for (const scoped of readdirSync(path, { withFileTypes: true })) {
          if (scoped.isDirectory()) addPackage(join(path, scoped.name), `${prefix}${entry.name}/${scoped.name}`);
        }
      } else {
        addPackage(path, `${prefix}${entry.name}`);
      }
    }
  };
  const addPackage = (path: string, name: string) => {
    if (!existsSync(join(path, "package.json"))) return;
    found.push(name);
    const nested = join(path, "node_modules");
    if (existsSync(nested)) visit(nested, `${name}>`);
  };
  visit(nodeModules, "");
  return found.sort();
}

/** Disk use of a folder as `du` counts it: allocated blocks, each inode once. */
export function diskUsageBytes(dir: string): number {
  const seen = new Set<string>();
  const visit = (path: string): number => {
    const stat = lstatSync(path);
    const inode = `${stat.dev}:${stat.ino}`;
    if (seen.has(inode)) return 0;
    seen.add(inode);
    let bytes = stat.blocks * 512;
    if (stat.isDirectory()) for (const entry of readdirSync(path)) bytes += visit(join(path, entry));
    return bytes;
  };
  return visit(dir);
}
