// Body rules judged once per distinct input they read: takes a message name and the request
// body around a value (every other member constant), gives a test "no body rule fails"
// for values that are variations of one base. Each rule runs on a view of the value that records
// which of its members the rule read (and what they held); a later value whose recorded members
// hold the same things (objects by identity, other values by value) gets the earlier answer
// without running the rule. Sound because a rule is a pure function of the body and the only
// members that vary are the value's: run again, it would read the same members, find the same
// things, and take the same path. Objects are compared by identity, so the values must not be
// changed while the test is in use (variedView's views share unchanged subtrees with the base,
// and neither the views nor the base are changed): use one test for one generation, then drop it.
import { applyBodyRules, rulesFor } from '../../checks/body-rules/index.js';
import type { BodyRule } from '../../checks/body-rules/index.js';
import type { MessageName } from '../../spec/operations.js';

type Obj = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What one run of a rule read: the member names, in the order first read. */
interface Reads {
  keys: string[];
  /** A read the record cannot state (a symbol, the list of members): the answer is not kept. */
  untracked: boolean;
}

/** The value as a rule sees it, recording every member read (get, `in`, hasOwn) into `reads()`, the running rule's record. */
function recording(value: Obj, reads: () => Reads): Obj {
  const note = (key: string | symbol): void => {
    const record = reads();
    if (typeof key === 'symbol') record.untracked = true;
    else if (!record.keys.includes(key)) record.keys.push(key);
  };
  return new Proxy(value, {
    get(target, key, receiver) {
      note(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
    has(target, key) {
      note(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      note(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys(target) {
      reads().untracked = true;
      return Reflect.ownKeys(target);
    },
  });
}

/** One rule's kept answers: per set of members read, the answer per thing those members held. */
interface RuleAnswers {
  bySignature: Map<string, { keys: string[]; answers: Map<string, boolean> }>;
}

/** A test whether no body rule fails on the body around a value, memoised per rule as the header says. */
export function memoisedRulesPass(operation: MessageName, request: (value: unknown) => Obj): (value: unknown) => boolean {
  const rules = rulesFor(operation, 'request');
  const kept = new Map<BodyRule, RuleAnswers>(rules.map((rule) => [rule, { bySignature: new Map() }]));
  const ids = new WeakMap<object, number>();
  let nextId = 0;
  const idOf = (object: object): number => {
    let id = ids.get(object);
    if (id === undefined) {
      id = nextId++;
      ids.set(object, id);
    }
    return id;
  };
  // What a member holds, as a key: absent, an object by identity, a number (-0 apart), a string, ...
  const held = (value: Obj, key: string): string => {
    if (!Object.hasOwn(value, key)) return key in value ? `p${String(value[key])}` : 'a';
    const member = value[key];
    if (typeof member === 'object' && member !== null) return `o${idOf(member)}`;
    if (typeof member === 'string') return `s${JSON.stringify(member)}`;
    if (typeof member === 'number') return Object.is(member, -0) ? 'n-0' : `n${member}`;
    return `${typeof member}${String(member)}`;
  };
  const heldAll = (value: Obj, keys: readonly string[]): string => keys.map((key) => held(value, key)).join('\u0000');

  return (value) => {
    if (!isPlainObject(value)) return applyBodyRules(operation, 'request', request(value)).every(({ verdict }) => verdict.status !== 'fail');
    // One body for the rules that run on this value, its value recording into the running rule's record.
    let reads: Reads = { keys: [], untracked: false };
    let body: Obj | undefined;
    for (const rule of rules) {
      const answers = kept.get(rule)!;
      let answer: boolean | undefined;
      for (const seen of answers.bySignature.values()) {
        answer = seen.answers.get(heldAll(value, seen.keys));
        if (answer !== undefined) break;
      }
      if (answer === undefined) {
        reads = { keys: [], untracked: false };
        body ??= request(recording(value, () => reads));
        answer = rule.check(body).status !== 'fail';
        if (!reads.untracked) {
          const signature = reads.keys.join('\u0000');
          let seen = answers.bySignature.get(signature);
          if (!seen) {
            seen = { keys: reads.keys, answers: new Map() };
            answers.bySignature.set(signature, seen);
          }
          seen.answers.set(heldAll(value, reads.keys), answer);
        }
      }
      if (!answer) return false;
    }
    return true;
  };
}
