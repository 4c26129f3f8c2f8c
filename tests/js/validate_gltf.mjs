#!/usr/bin/env node
// Validates glTF 2.0 files with the Khronos glTF-Validator (npm gltf-validator).
//
// Usage: node tests/js/validate_gltf.mjs FILE.glb|FILE.gltf...
//
// For each file prints one summary line
//   FILE: N errors, N warnings, N infos, N hints
// then one line per error and warning: "  ERROR CODE /pointer: message".
// Infos and hints are only counted (pass --verbose to list them too).
// Exit status: 0 when no file has an error or a warning, 1 when one does,
// 2 on a usage error or a file that cannot be read.
//
// A .gltf is validated with its embedded data: URIs only. External resources
// (separate .bin or image files) are not loaded: the validator reports each
// as an IO_ERROR error ("options.externalResourceFunction is required"), so
// such a file fails here.
import { readFile } from 'node:fs/promises';
import validator from 'gltf-validator';

const SEVERITY = ['ERROR', 'WARNING', 'INFO', 'HINT'];

async function main(argv) {
  const verbose = argv.includes('--verbose');
  const files = argv.filter((a) => a !== '--verbose');
  if (files.length === 0) {
    console.error('usage: node tests/js/validate_gltf.mjs [--verbose] FILE.glb|FILE.gltf...');
    return 2;
  }
  let failed = false;
  for (const file of files) {
    let bytes;
    try {
      bytes = new Uint8Array(await readFile(file));
    } catch (error) {
      console.error(`${file}: cannot read: ${error.message}`);
      return 2;
    }
    const report = await validator.validateBytes(bytes, {
      uri: file,
      maxIssues: 0, // unlimited
      writeTimestamp: false,
      // no externalResourceFunction: external resources are not used
    });
    const issues = report.issues;
    console.log(
      `${file}: ${issues.numErrors} errors, ${issues.numWarnings} warnings, ` +
        `${issues.numInfos} infos, ${issues.numHints} hints`,
    );
    for (const m of issues.messages) {
      if (m.severity <= 1 || verbose) {
        console.log(`  ${SEVERITY[m.severity] ?? m.severity} ${m.code} ${m.pointer ?? ''}: ${m.message}`);
      }
    }
    if (issues.truncated) console.log('  (the validator truncated its list of issues)');
    if (issues.numErrors > 0 || issues.numWarnings > 0) failed = true;
  }
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
