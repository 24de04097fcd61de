// This repository's folders, for the packages project (test-support/repo.ts
// would load every generated provider into the worker, which no file here uses).
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const SPECS_DIR = fileURLToPath(new URL("../../specs/", import.meta.url));
