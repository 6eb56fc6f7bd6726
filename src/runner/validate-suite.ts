// Suite references the suite layer cannot know: takes a parsed Suite, gives a SuiteError
// (file:line, field) when a check names an unknown code check or a step an unknown
// generator or probe family, or when the suite targets the other side. Code checks are looked
// up in the registry checks/code/registry.ts loaded (loadCodeChecksFor, before).
import { SuiteError } from '../support/errors.js';
import { loadedCodeChecks } from '../checks/code/registry.js';
import type { Suite } from '../suite/types.js';
import type { Target } from '../spec/vocabulary.js';
import { GENERATOR_NAMES } from './generators/generator-names.js';
import { PROBE_FAMILY_NAMES } from './probes/family-names.js';
import { getStepExecutor } from './step-registry.js';

export function validateSuiteReferences(suite: Suite, target: Target): void {
  if (suite.target !== target) {
    throw new SuiteError(`suite "${suite.name}" is for the ${suite.target} target, but this run is for ${target}`, {
      file: suite.file,
      line: 1,
      field: 'target',
    });
  }
  for (const step of suite.steps) {
    if (!getStepExecutor(step.kind)) {
      throw new SuiteError(`step kind "${step.kind}" is not available`, { file: suite.file, line: step.line, field: `steps.${step.id}` });
    }
    if (step.for_each && 'generator' in step.for_each && !GENERATOR_NAMES.includes(step.for_each.generator)) {
      throw new SuiteError(`unknown generator "${step.for_each.generator}" (known: ${GENERATOR_NAMES.join(', ')})`, {
        file: suite.file,
        line: step.line,
        field: `steps.${step.id}.for_each.generator`,
      });
    }
    if (step.kind === 'probe' && !PROBE_FAMILY_NAMES.includes(step.family)) {
      throw new SuiteError(`unknown probe family "${step.family}" (known: ${PROBE_FAMILY_NAMES.join(', ')})`, {
        file: suite.file,
        line: step.line,
        field: `steps.${step.id}.probe`,
      });
    }
    for (const check of step.checks) {
      if (step.kind === 'probe' && step.family !== 'method' && !check.expect) {
        throw new SuiteError(`a probe step's check needs an expect (the answer to a request broken on purpose)`, {
          file: suite.file,
          line: check.line ?? step.line,
          field: `checks.${check.id}.expect`,
        });
      }
      if (check.code && !loadedCodeChecks().has(check.code)) {
        throw new SuiteError(`unknown code check "${check.code}" (known: ${[...loadedCodeChecks().keys()].join(', ')})`, {
          file: suite.file,
          line: check.line ?? step.line,
          field: `checks.${check.id}.code`,
        });
      }
    }
  }
}
