import { type APIRequestContext, expect, type TestInfo } from "@playwright/test"
import type { Presentation, PresentationDetail } from "../src/api/PresentationEntities.ts"
import {
  JOURNEY_PROJECTS,
  type JourneyName,
  type JourneyProject,
  journeyMember,
  journeyPresentationId,
  journeyVoucher,
} from "../src/server/db/seed/journeys.ts"

const projectOf = (testInfo: TestInfo): JourneyProject => {
  const project = testInfo.project.name as JourneyProject
  if (!JOURNEY_PROJECTS.includes(project)) throw new Error(`no journey data for project ${project}`)
  return project
}

/**
 * The presentation the seed laid down for this journey in this project (src/server/db/seed/journeys.ts): an
 * empty hall of its own, so journeys running in parallel, and the two projects, never race for a seat.
 */
export const journeyPresentation = async (
  request: APIRequestContext,
  journey: JourneyName,
  testInfo: TestInfo,
): Promise<Presentation> => {
  const id = journeyPresentationId(journey, projectOf(testInfo))
  const response = await request.get(`/api/presentations/${id}`)
  expect(
    response.ok(),
    `journey ${journey}'s presentation ${id}: is the server seeded with SEED_JOURNEYS=1?`,
  ).toBe(true)
  return ((await response.json()) as PresentationDetail).presentation
}

/** This project's own copy of a seeded voucher (GIFT-100 → GIFT-100-DESKTOP), spent by this journey alone. */
export const ownVoucher = (voucher: string, testInfo: TestInfo): string =>
  journeyVoucher(voucher, projectOf(testInfo))

/** This journey's own member number in this project, a copy of the demo member its spec names. */
export const ownMember = (journey: JourneyName, testInfo: TestInfo): string =>
  journeyMember(journey, projectOf(testInfo))
