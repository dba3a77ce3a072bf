/** Seating policy 3 (spec §4): seats that would leave a single isolated seat are blocked. */
export const SINGLE_SEAT_POLICY_ID = 3

export const usesSingleSeatRule = (seatingPolicyId: number): boolean =>
  seatingPolicyId === SINGLE_SEAT_POLICY_ID
