// js-yaml's own types for its bundle (src/vendor/js-yaml.cjs).
import jsyaml = require("js-yaml");
export = jsyaml;
