// Preloaded into a benchmarked process (node --import): at exit, append its
// whole-process CPU seconds (user + system since the process started, and each) and its
// peak memory to the file named by BENCH_USAGE_FILE, one JSON line per process.
import { appendFileSync } from "node:fs";

const file = process.env.BENCH_USAGE_FILE;
if (file) {
  process.on("exit", () => {
    const cpu = process.cpuUsage();
    const peakMiB = process.resourceUsage().maxRSS / 1024;
    const usage = { cpu: (cpu.user + cpu.system) / 1e6, user: cpu.user / 1e6, system: cpu.system / 1e6, peakMiB };
    appendFileSync(file, `${JSON.stringify(usage)}\n`);
  });
}
