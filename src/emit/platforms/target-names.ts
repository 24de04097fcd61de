// The targets `generate --target` takes: a module of their own, which the command reads to check the option without
// loading the platforms' emitters (targets.ts), that only a platform's target runs.

export const TARGETS = ["packages", "n8n", "sim"] as const;
export type Target = (typeof TARGETS)[number];
export type PlatformTarget = Exclude<Target, "packages">;
