// dist/cjs holds CommonJS files inside a "type": "module" package: mark the folder.
require("fs").writeFileSync(require("path").join(__dirname, "..", "dist", "cjs", "package.json"), '{ "type": "commonjs" }\n');
