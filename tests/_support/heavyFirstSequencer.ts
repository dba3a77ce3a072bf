import { BaseSequencer, type TestSpecification } from "vitest/node"

/**
 * Vitest's own order, with the longest server test files first. On a fresh clone Vitest has no durations cached
 * and orders files by size, so the longest ones (a minute or two each beside the journeys) could start last and
 * leave the other workers idle at the end: in a CI run the fuzzer started at 408 s of 630. These are the longest
 * in `test-results/vitest.json` of recent CI runs, longest first; a file missing from the list only loses its
 * head start, so the list is a hint, never a rule a test depends on.
 */
const LONGEST = [
  "tests/server/fuzz/contract.integration.test.ts",
  "tests/server/staff/salesRollups.integration.test.ts",
  "tests/server/staff/reports.integration.test.ts",
  "tests/server/staff/attendance.integration.test.ts",
  "tests/server/seats/seatLocks.integration.test.ts",
  "tests/server/payment/loyalty.integration.test.ts",
  "tests/server/api/api.integration.test.ts",
  "tests/server/staff/reportPaging.integration.test.ts",
  "tests/server/payment/commit.integration.test.ts",
  "tests/server/enrol/enrolment.integration.test.ts",
  "tests/server/payment/methods.integration.test.ts",
  "tests/server/faults.integration.test.ts",
]

const rank = (file: TestSpecification): number => {
  const at = LONGEST.findIndex((path) => file.moduleId.endsWith(path))
  return at === -1 ? LONGEST.length : at
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: Array<TestSpecification>): Promise<Array<TestSpecification>> {
    // a stable sort: the rest keep Vitest's order
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b))
  }
}
