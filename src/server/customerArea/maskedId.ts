/**
 * The ID number as the area shows it: only its last three digits (`******123`). The number itself is the
 * sign-in work's to keep (issue 15: a keyed hash for lookup, sealed for display); the area reads it through the
 * row as JSON so that this code does not depend on the column's name, and shows nothing when it cannot read one.
 */
export const maskId = (ssn: string | null): string | null =>
  ssn === null || !/^[0-9]{9}$/.test(ssn) ? null : `******${ssn.slice(-3)}`
