#!/usr/bin/env node
// The blockwright command. The sources are TypeScript, run through tsx's
// loader so that `npx blockwright` works straight after `npm install`.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../scripts/cli.ts");
process.exitCode = await main(process.argv.slice(2));
