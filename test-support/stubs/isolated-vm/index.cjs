// Loaded only if something selects n8n's "vm" expression engine, which no test does (package.json overrides).
throw new Error(
  "isolated-vm is not installed in this repository: run n8n's engine with its legacy expression engine (the " +
    "default of Expression.initExpressionEngine not called)",
);
